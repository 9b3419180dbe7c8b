"""Draws the site's own illustrations (SVG) into public/images. Run: python3 scripts/make-images.py"""
import os

ROOT = os.path.join(os.path.dirname(__file__), '..', 'public', 'images')
BRAND, ACCENT, SOFT = '#0f4c5c', '#e36414', '#e8f1f2'


def write(path, svg):
    full = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, 'w') as f:
        f.write(svg.strip() + '\n')


HANGER = '<path d="M{x} {y}a14 14 0 1 1 14 14v8l60 34H{l}l60-34" fill="none" stroke="{c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>'

ICONS = {
    'dry-cleaning': '<path d="M150 60l-50 30v120h100V90z" fill="#fff" stroke="{b}" stroke-width="6"/><path d="M100 90l50 40 50-40" fill="none" stroke="{b}" stroke-width="6"/><circle cx="150" cy="150" r="6" fill="{a}"/><circle cx="150" cy="175" r="6" fill="{a}"/>',
    'shirts': '<path d="M110 70l40 20 40-20 40 30-20 30-20-10v100h-80V120l-20 10-20-30z" fill="#fff" stroke="{b}" stroke-width="6" stroke-linejoin="round"/><path d="M150 90v120" stroke="{a}" stroke-width="4" stroke-dasharray="8 10"/>',
    'suits': '<path d="M105 70h90l15 150h-120z" fill="{b}"/><path d="M150 70l-25 60 25 30 25-30z" fill="#fff"/><path d="M150 100l-8 12 8 40 8-40z" fill="{a}"/>',
    'dresses': '<path d="M130 60h40l-5 40 45 120H90l45-120z" fill="{a}"/><path d="M130 60l-10-15M170 60l10-15" stroke="{b}" stroke-width="6" stroke-linecap="round"/>',
    'coats': '<path d="M110 60h80l20 40v120h-50v-90h-20v90H90V100z" fill="{b}"/><circle cx="145" cy="120" r="5" fill="#fff"/><circle cx="145" cy="150" r="5" fill="#fff"/><path d="M150 60l-20 40 20 10 20-10z" fill="{a}"/>',
    'laundry': '<rect x="90" y="55" width="120" height="150" rx="14" fill="#fff" stroke="{b}" stroke-width="6"/><circle cx="150" cy="140" r="42" fill="{s}" stroke="{b}" stroke-width="6"/><path d="M118 145q16-14 32 0t32 0" fill="none" stroke="{a}" stroke-width="6"/><circle cx="115" cy="78" r="6" fill="{a}"/>',
    'bedding': '<rect x="70" y="110" width="160" height="80" rx="16" fill="#fff" stroke="{b}" stroke-width="6"/><rect x="85" y="85" width="60" height="40" rx="12" fill="{a}"/><path d="M70 190v25M230 190v25" stroke="{b}" stroke-width="6"/>',
    'curtains': '<path d="M70 60h160" stroke="{b}" stroke-width="8" stroke-linecap="round"/><path d="M80 65q10 75 40 150H80z" fill="{a}"/><path d="M220 65q-10 75-40 150h40z" fill="{a}"/><path d="M125 65v150M175 65v150" stroke="{s}" stroke-width="4"/>',
    'alterations': '<circle cx="110" cy="180" r="18" fill="none" stroke="{b}" stroke-width="6"/><circle cx="150" cy="180" r="18" fill="none" stroke="{b}" stroke-width="6"/><path d="M118 165l70-100M142 165L95 90" stroke="{b}" stroke-width="6" stroke-linecap="round"/><path d="M170 120q30 10 40 40" fill="none" stroke="{a}" stroke-width="5" stroke-dasharray="6 8"/>',
    'specialist': '<path d="M100 100h100l20 110H80z" fill="{b}"/><path d="M120 100q30-50 60 0" fill="none" stroke="{a}" stroke-width="8"/><rect x="135" y="130" width="30" height="20" rx="4" fill="{a}"/>',
}


def tile(name):
    icon = ICONS[name].format(b=BRAND, a=ACCENT, s=SOFT)
    return f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 260" role="img"><rect width="300" height="260" rx="24" fill="{SOFT}"/><circle cx="250" cy="40" r="70" fill="#fff" opacity=".6"/>{icon}</svg>'''


for name in ICONS:
    write(f'categories/{name}.svg', tile(name))

write('brand/logo.svg', f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="{BRAND}"/><path d="M32 14a6 6 0 1 1 6 6v4l18 10H8l18-10" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/><path d="M14 40h36l-4 12H18z" fill="{ACCENT}"/></svg>''')

write('brand/promo.svg', f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 440 300"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{BRAND}"/><stop offset="1" stop-color="#136f84"/></linearGradient></defs><rect width="440" height="300" fill="url(#g)"/><circle cx="360" cy="60" r="120" fill="{ACCENT}" opacity=".9"/><text x="360" y="70" font-family="Arial,Helvetica,sans-serif" font-size="64" font-weight="700" fill="#fff" text-anchor="middle">30%</text><text x="360" y="105" font-family="Arial,Helvetica,sans-serif" font-size="22" fill="#fff" text-anchor="middle">OFF</text><rect x="40" y="70" width="120" height="200" rx="18" fill="#fff"/><rect x="52" y="92" width="96" height="150" rx="6" fill="{SOFT}"/><path d="M100 120a8 8 0 1 1 8 8v6l26 14H66l26-14" fill="none" stroke="{BRAND}" stroke-width="4" stroke-linecap="round"/><rect x="66" y="190" width="68" height="16" rx="8" fill="{ACCENT}"/><text x="200" y="200" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" fill="#fff">Book in the app</text><text x="200" y="232" font-family="Arial,Helvetica,sans-serif" font-size="17" fill="#e8f1f2">Free collection &amp; delivery</text></svg>''')

write('hero.svg', f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" preserveAspectRatio="xMidYMid slice"><rect width="800" height="600" fill="{BRAND}"/><g opacity=".18" fill="#fff"><rect x="60" y="380" width="90" height="220"/><rect x="170" y="320" width="120" height="280"/><rect x="310" y="360" width="80" height="240"/><rect x="410" y="280" width="110" height="320"/><rect x="540" y="340" width="90" height="260"/><rect x="650" y="300" width="120" height="300"/></g><path d="M0 520q200-60 400 0t400 0v80H0z" fill="#0b3a47"/><g transform="translate(560 120)"><rect width="200" height="110" rx="18" fill="#fff"/><rect x="140" y="30" width="60" height="80" rx="10" fill="{SOFT}"/><circle cx="45" cy="115" r="22" fill="#1d2b30"/><circle cx="165" cy="115" r="22" fill="#1d2b30"/><path d="M20 40h100" stroke="{ACCENT}" stroke-width="10" stroke-linecap="round"/></g></svg>''')

BANNERS = {
    'dry-cleaning': 'suits', 'laundry-service': 'laundry', 'shirt-service': 'shirts',
    'curtain-cleaning': 'curtains', 'wedding-dress-cleaning': 'dresses',
    'alterations-and-repairs': 'alterations', 'duvet-cleaning': 'bedding',
}
for code, icon_name in BANNERS.items():
    icon = ICONS[icon_name].format(b='#fff', a=ACCENT, s=BRAND)
    write(f'banners/{code}.svg', f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" preserveAspectRatio="xMidYMid slice"><rect width="1200" height="400" fill="{BRAND}"/><circle cx="1000" cy="200" r="260" fill="#136f84"/><g transform="translate(850 60)">{icon}</g></svg>''')
    write(f'banners/{code}-mobile.svg', f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" preserveAspectRatio="xMidYMid slice"><rect width="600" height="400" fill="{BRAND}"/><circle cx="450" cy="200" r="200" fill="#136f84"/><g transform="translate(300 70)">{icon}</g></svg>''')

BLOG = {'coats': 'coats', 'stain': 'dresses', 'suit': 'suits', 'duvet': 'bedding', 'green': 'laundry', 'wedding': 'specialist'}
for name, icon_name in BLOG.items():
    icon = ICONS[icon_name].format(b=BRAND, a=ACCENT, s=SOFT)
    write(f'blog/{name}.svg', f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 340"><rect width="600" height="340" fill="{SOFT}"/><circle cx="520" cy="60" r="140" fill="#fff" opacity=".7"/><g transform="translate(150 40)">{icon}</g></svg>''')

write('empty-blog.svg', f'''<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200"><rect width="300" height="200" rx="20" fill="{SOFT}"/><rect x="90" y="50" width="120" height="100" rx="10" fill="#fff" stroke="{BRAND}" stroke-width="5"/><path d="M110 80h80M110 100h80M110 120h50" stroke="{ACCENT}" stroke-width="6" stroke-linecap="round"/></svg>''')
print('images written to', os.path.abspath(ROOT))
