import type { SpeedOffer } from './counter-speed';
import { weekProblems, type Closure, type DayHours } from './branch-hours';
import { outwardCode, postcodeDistrict } from './postcode';

/*
 * What the owner may save for a branch (issue 32): the rules are pure, so the back office's
 * page and the API refuse the same things with the same words (decision 047).
 */

export type BranchSettingsInput = {
  counter: boolean;
  /** The counter's card reader id (decision 053); '' clears it; absent keeps it. */
  readerId?: string;
  hours: DayHours[];
  closures: Closure[];
  /** Postcode districts (W9, NW6 …); a sub-district or full postcode is read as its district. */
  districts: string[];
  staffIds: string[];
  /** The counter's turnaround and speeds; kept as they are when absent. */
  counterSpeeds?: SpeedOffer;
};

export const branchMessages = {
  closureDate: 'Enter each closure’s date as YYYY-MM-DD.',
  closureTwice: (day: string) => `${day} is listed twice.`,
  closureReason: 'Give each closure a reason, e.g. Christmas Day.',
  district: (value: string) => `“${value}” is not a postcode district, e.g. W9 or NW6.`,
  districtTaken: (district: string, branch: string) =>
    `${district} is already served by ${branch}. Remove it there first.`,
  notStaff: 'Only staff accounts (not drivers or the owner) belong to branches.',
  notFound: 'We could not find that branch.',
  notMember: 'You do not work at that branch.',
  chooseOne: 'Choose the branch you are working in.',
  sameBranch: (name: string) => `The order is already at ${name}.`,
  otherBranch: 'This order belongs to another branch.',
} as const;

function isIsoDate(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** A district as stored (upper case, W1H read as W1), or null when it is none. */
export function districtOf(input: string): string | null {
  const outward = outwardCode(input.trim());
  return outward ? postcodeDistrict(outward) : null;
}

/**
 * The field errors of a branch's settings (empty when it may be saved) and the districts as
 * they are stored, each once. Whether a district is another branch's is the database's to say.
 */
export function checkBranchSettings(input: BranchSettingsInput): {
  errors: Record<string, string[]>;
  districts: string[];
} {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const problem of weekProblems(input.hours)) add('hours', problem);
  const days = new Set<string>();
  for (const closure of input.closures) {
    if (!isIsoDate(closure.day)) add('closures', branchMessages.closureDate);
    else if (days.has(closure.day)) add('closures', branchMessages.closureTwice(closure.day));
    days.add(closure.day);
    if (!closure.reason.trim()) add('closures', branchMessages.closureReason);
  }
  const districts: string[] = [];
  for (const value of input.districts) {
    const district = districtOf(value);
    if (!district) add('districts', branchMessages.district(value));
    else if (!districts.includes(district)) districts.push(district);
  }
  for (const field of Object.keys(errors)) errors[field] = [...new Set(errors[field])];
  return { errors, districts };
}
