// How the menu screens write empty cells and flags.

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A cell with nothing in it reads "-" (spec 2 §3: a top-level item's parent shows "-"). */
export const dash = (text: string | null | undefined) => (text ? text : '-');

/** The Yes/No select of a flag column's search field. */
export const YES_NO_FILTER = { true: { text: 'Yes' }, false: { text: 'No' } };
