import { expect, test } from '@playwright/test';
import {
  backOffice,
  claimGarment,
  damagedOnForm,
  expectShirtOffer,
  findOurs,
  sendClaim,
  shot,
  signInCustomer,
  unstuck,
} from './claims-helpers';
import { E2E_CLAIM_GUESTS } from './claims-seed';
import { E2E_OWNER, E2E_STAFF } from './e2e-staff';
import { expectNoSeriousA11yViolations, ownAddress, readMail } from './support';

// Sign-ins from this spec's own addresses (support.ts): the customer's, staff's, the owner's.
test.use(ownAddress(245));

/*
 * Issue 34 in a real browser (decision 063 "Pages"), at the project's width (375 px or
 * 1280 px) for the customer and at a desk for the shop: a customer reports a damaged shirt
 * with a photo from the order's page, sees the claim with the shop's evidence and the answer
 * time, staff find it ours, and the customer reads the offer in plain words and takes it as
 * credit with the bonus; then an overcoat above the threshold waits for the owner's sign-off,
 * is disputed and raised by the owner, who also saves a new version of the claims table; last,
 * staff find a third garment's claim not ours, with the reason the customer reads. A guest
 * claims from the intake report's e-mailed link and reads staff's offer under that link. The
 * orders (delivered two hours ago) are seeded by tests/e2e/claims-seed.ts.
 */

test.describe.configure({ mode: 'serial' });

test('a customer claims a damaged shirt with a photo and takes the offer as credit', async ({
  page,
  browser,
}, info) => {
  const project = info.project.name;
  await signInCustomer(page);

  const card = await claimGarment(
    page,
    'CL-01',
    {
      damage: 'Colour lost',
      category: 'Shirts and blouses',
      age: '6',
      photo: true,
    },
    project,
  );
  await card.getByLabel('Tell us what you see (optional)').fill('The blue has faded in patches.');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'claim-form', project);
  const send = page.getByRole('button', { name: 'Send my claim' });
  expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const { claimPath, claimId } = await sendClaim(page);

  // ─── The claim's page: what was said, the photo, the evidence, the answer time ───
  await expect(
    page.getByText(/^Thank you: your claim on order LD-\d+ is with us\.$/),
  ).toBeVisible();
  await expect(page.getByTestId('claim-status')).toHaveText('We are looking into it');
  await expect(page.getByTestId('answer-countdown')).toContainText(
    /We promise an answer by .+, in 1 day 23 hours|in 2 days|in 1 day/,
  );
  const photo = page.getByRole('img', { name: 'Photos of Tag CL-01 · Shirt on hanger, photo 1' });
  await photo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  const evidence = page.getByTestId('evidence-garment');
  await expect(evidence).toContainText('Tag CL-01 · Shirt on hanger');
  await expect(evidence).toContainText('by Sam Staff');
  await expect(page.getByText('1 bag · seals S-4411 · Handed to the customer')).toBeVisible();
  await expect(page.getByRole('list', { name: 'The order’s moves' })).toContainText('delivered');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'claim-open', project);

  // ─── Staff: the claims list and the board, then the finding ───
  const staff = await backOffice(browser, E2E_STAFF, 246, '/admin/claims');
  await expect(staff.page.getByRole('heading', { name: 'Claims', exact: true })).toBeVisible();
  await expect(
    staff.page.getByTestId('waiting-claim').filter({ hasText: `Claim ${claimId}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(staff.page);
  await staff.page.goto('/admin');
  await expect(staff.page.getByTestId('board-claims')).toContainText(`Claim ${claimId}`);
  await shot(staff.page, 'board-claims', project);
  await staff.page.goto(`/admin/claims/${claimId}`);
  await expect(staff.page.getByText('“The blue has faded in patches.”')).toBeVisible();
  await findOurs(staff.page, '£27.50');
  await expectNoSeriousA11yViolations(staff.page);
  await shot(staff.page, 'staff-claim-offered', project);
  await staff.context.close();

  // ─── The customer reads the offer and takes it as credit ───
  await page.goto(claimPath);
  await expectShirtOffer(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'claim-offer', project);
  await page.getByRole('radio', { name: /£30\.25 account credit/ }).check();
  await page.getByRole('button', { name: 'Accept the offer' }).click();
  await expect(page.getByText('Thank you: the credit is on your account.')).toBeVisible();
  await expect(page.getByTestId('claim-payment')).toHaveText('Paid: £30.25 as account credit.');
  await expect(page.getByTestId('claim-status')).toHaveText('Paid');
  await expect(page.getByRole('button', { name: 'Accept the offer' })).toHaveCount(0);
  await shot(page, 'claim-paid', project);
});

/** The claim the owner signs off, disputed by the next test. */
let signedOff = '';

test('an offer above the threshold waits for the owner, who signs it off', async ({
  page,
  browser,
}, info) => {
  const project = info.project.name;
  await signInCustomer(page);
  await claimGarment(page, 'CL-02', {
    damage: 'Hole or tear',
    category: 'Coats and jackets',
    age: '12',
    cost: '300.00',
  });
  const { claimPath, claimId } = await sendClaim(page);

  // ─── Staff find it ours, the condition corrected: above the threshold ───
  const staff = await backOffice(browser, E2E_STAFF, 246, `/admin/claims/${claimId}`);
  await staff.page.getByLabel('Whose fault').selectOption({ label: 'Ours' });
  await staff.page
    .getByLabel(/^Condition \(now average\)/)
    .selectOption({ label: 'Correct to poor' });
  await staff.page.getByLabel('Why the condition is corrected').fill('Worn cuffs noted at intake');
  await staff.page.getByRole('button', { name: 'Save the finding' }).click();
  await expect(
    staff.page.getByText(
      'Finding saved. The offer is above the threshold: it waits for the owner’s sign-off.',
    ),
  ).toBeVisible();
  await expect(
    staff.page.getByText('Waiting for the owner: only the owner can sign it off.'),
  ).toBeVisible();
  await expect(staff.page.getByRole('button', { name: /^Sign off/ })).toHaveCount(0);
  await staff.context.close();

  // The customer sees it with the owner, no offer to accept yet.
  await page.goto(claimPath);
  await expect(page.getByTestId('claim-status')).toHaveText('Our owner is checking the offer');
  await expect(page.getByRole('button', { name: 'Accept the offer' })).toHaveCount(0);

  // ─── The owner signs it off ───
  const owner = await backOffice(browser, E2E_OWNER, 247, `/admin/claims/${claimId}`);
  await expect(owner.page.getByTestId('offer-total')).toHaveText('£112.50');
  await expectNoSeriousA11yViolations(owner.page);
  await shot(owner.page, 'owner-sign-off', project);
  await owner.page.getByRole('button', { name: 'Sign off £112.50 and send the offer' }).click();
  await expect(
    owner.page.getByText('Signed off: the offer is made to the customer.'),
  ).toBeVisible();
  await expect(owner.page.getByTestId('claim-status')).toHaveText('Offer made');
  await owner.page.goto('/admin/claims-table');
  await expect(owner.page.getByTestId('table-advice')).toContainText('common industry practice');
  await expect(owner.page.getByLabel('Life of Shirts and blouses in months')).toHaveValue('24');
  await expectNoSeriousA11yViolations(owner.page);
  await shot(owner.page, 'claims-table', project);
  await owner.context.close();

  await page.goto(claimPath);
  await expect(page.getByTestId('claim-status')).toHaveText('Offer made');
  await expect(page.getByTestId('offer-total')).toHaveText('£112.50');
  await expect(page.getByTestId('offer-line')).toContainText(
    'Without a receipt we use our ceiling for coats and jackets: £200.00.',
  );
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'claim-signed-off', project);
  signedOff = claimPath;
});

test('the customer disputes the offer, the owner raises it; the owner saves the table', async ({
  page,
  browser,
}, info) => {
  const project = info.project.name;
  await signInCustomer(page);
  await page.goto(signedOff);
  await page.getByLabel('Why the offer is not fair').fill('It was a new coat, bought in October.');
  await page.getByRole('button', { name: 'Send to our owner' }).click();
  await expect(
    page.getByText('Thank you: our owner has your claim and your reason.'),
  ).toBeVisible();
  await expect(page.getByTestId('claim-status')).toHaveText('Disputed: with our owner');

  const owner = await backOffice(
    browser,
    E2E_OWNER,
    247,
    signedOff.replace('/account/', '/admin/'),
  );
  await expect(owner.page.getByText('“It was a new coat, bought in October.”')).toBeVisible();
  await owner.page.getByLabel('New offer (£)').fill('150.00');
  await owner.page.getByLabel('Why (told to the customer)').fill('Receipt seen in the shop');
  await expectNoSeriousA11yViolations(owner.page);
  await shot(owner.page, 'owner-dispute', project);
  await owner.page.getByRole('button', { name: 'Send the answer' }).click();
  await expect(owner.page.getByText('The offer is raised.')).toBeVisible();
  await expect(owner.page.getByTestId('offer-total')).toHaveText('£150.00');

  // The table: a new version saved by the owner (offers made keep theirs).
  await owner.page.goto('/admin/claims-table');
  await owner.page.getByLabel('Life of Knitwear in months').fill('40');
  await owner.page.getByRole('button', { name: 'Save as version 1' }).click();
  await expect(owner.page.getByText('Table saved as version 1.')).toBeVisible();
  await expect(owner.page.getByTestId('table-advice')).toContainText('Version 1 is in force.');
  await expect(owner.page.getByLabel('Life of Knitwear in months')).toHaveValue('40');
  await owner.context.close();

  await page.goto(signedOff);
  await expect(page.getByTestId('claim-status')).toHaveText('Offer made');
  await expect(page.getByTestId('offer-total')).toHaveText('£150.00');
  await expect(page.getByText(/Raised by our owner: Receipt seen in the shop\./)).toBeVisible();
});

test('staff find a claim not ours, with the reason the customer reads', async ({
  page,
  browser,
}, info) => {
  const project = info.project.name;
  await signInCustomer(page);
  await claimGarment(page, 'CL-03', {
    damage: 'Hole or tear',
    category: 'Shirts and blouses',
    age: '30',
  });
  const { claimPath } = await sendClaim(page);

  const staff = await backOffice(
    browser,
    E2E_STAFF,
    246,
    claimPath.replace('/account/', '/admin/'),
  );
  await staff.page.getByLabel('Whose fault').selectOption({ label: 'Not ours: wear and tear' });
  await staff.page
    .getByLabel('Why it is not our fault (told to the customer)')
    .fill('the collar was frayed through when it came in, as the intake report shows');
  await staff.page.getByRole('button', { name: 'Save the finding' }).click();
  await expect(
    staff.page.getByText('Finding saved: the claim is declined and the customer told.'),
  ).toBeVisible();
  await expect(staff.page.getByTestId('claim-status')).toHaveText('Declined');
  await staff.context.close();

  await page.goto(claimPath);
  await expect(page.getByTestId('claim-status')).toHaveText('Declined');
  await expect(
    page.getByText(
      'We looked at your claim and our records: the collar was frayed through when it came in, as the intake report shows',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Disagree with our answer?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'claim-declined', project);
});

test('a guest claims from the intake report’s e-mailed link and reads the offer there', async ({
  page,
  browser,
}, info) => {
  const project = info.project.name;
  const email = E2E_CLAIM_GUESTS[project as keyof typeof E2E_CLAIM_GUESTS];
  const guestShot = (name: string) =>
    page.screenshot({
      path: info.outputPath(`${name}-${project}.png`),
      fullPage: true,
      style: unstuck,
    });

  // ─── The e-mailed link, no account: the report offers "Report a problem" ───
  const [mail] = (await readMail(email)).filter((m) => m.subject.startsWith('Your intake report'));
  const link = new URL(/(http:\/\/\S+\/order\/intake\/[0-9a-f-]{36}\?t=\S+)/.exec(mail!.text)![1]!);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Your intake report' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A problem with a garment?' })).toBeVisible();
  await page.getByRole('link', { name: 'Report a problem' }).click();
  await expect(page).toHaveURL(`${link.pathname}/claim${link.search}`);
  await expect(page.getByRole('heading', { name: 'Report a problem', exact: true })).toBeVisible();
  const card = await damagedOnForm(page, 'CL-01', {
    damage: 'Colour lost',
    category: 'Shirts and blouses',
    age: '6',
    photo: true,
  });
  await card.getByLabel('Tell us what you see (optional)').fill('Pale patches on both sleeves.');
  await expectNoSeriousA11yViolations(page);
  await guestShot('guest-claim-form');

  // ─── The guest's claim page, under the same link: waiting for the shop ───
  const { claimPath, claimId } = await sendClaim(
    page,
    new RegExp(`^[^?]+${link.pathname}/claims/\\d+\\?t=[^&]+&made=1$`),
  );
  const claimUrl = `${claimPath}${link.search}`;
  await expect(
    page.getByText(/^Thank you: your claim on order LD-\d+ is with us\.$/),
  ).toBeVisible();
  await expect(page.getByTestId('claim-status')).toHaveText('We are looking into it');
  await expect(page.getByTestId('answer-countdown')).toContainText(/We promise an answer by .+/);
  await expect(page.getByText('“Pale patches on both sleeves.”')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Photos of Tag CL-01 · Shirt on hanger, photo 1' });
  await photo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => photo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  await expect(page.getByRole('link', { name: '← Back to the intake report' })).toHaveAttribute(
    'href',
    link.pathname + link.search,
  );
  await expectNoSeriousA11yViolations(page);
  await guestShot('guest-claim-open');

  // ─── Staff find it ours; the guest reads the offer's numbers under the link ───
  const staff = await backOffice(browser, E2E_STAFF, 246, `/admin/claims/${claimId}`);
  await findOurs(staff.page, '£27.50');
  await staff.context.close();
  await page.goto(claimUrl);
  await expectShirtOffer(page);
  await expectNoSeriousA11yViolations(page);
  await guestShot('guest-claim-offer');
});
