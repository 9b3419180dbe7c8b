/**
 * A drawn street map with the branch's pin, and a link to the full map. Drawn here rather
 * than embedded from a map provider, so the page loads fast and works without third parties.
 */
export function BranchMap({
  name,
  latitude,
  longitude,
}: {
  name: string;
  latitude: number;
  longitude: number;
}) {
  const osm = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200">
      <svg
        viewBox="0 0 400 220"
        role="img"
        aria-label={`Map of the ${name} branch`}
        className="block h-auto w-full bg-[#eef3ea]"
      >
        <path d="M0 60h400M0 150h400M90 0v220M250 0v220M330 0v220" stroke="#fff" strokeWidth="14" />
        <path d="M0 110q120-40 200 0t200 0" stroke="#ffd98a" strokeWidth="10" fill="none" />
        <rect x="110" y="75" width="120" height="55" fill="#dfe7da" />
        <rect x="270" y="170" width="50" height="40" fill="#cfe3c5" />
        <circle cx="200" cy="105" r="40" fill="rgb(15 76 92 / 0.12)" />
        <path
          d="M200 60c-14 0-24 10-24 23 0 18 24 38 24 38s24-20 24-38c0-13-10-23-24-23z"
          fill="#c2410c"
        />
        <circle cx="200" cy="83" r="8" fill="#fff" />
      </svg>
      <figcaption className="flex items-center justify-between bg-white px-4 py-2 text-sm">
        <span className="text-slate-600">
          {latitude.toFixed(4)}, {longitude.toFixed(4)}
        </span>
        <a href={osm} className="font-semibold text-brand underline" rel="noopener">
          Open in OpenStreetMap
        </a>
      </figcaption>
    </figure>
  );
}
