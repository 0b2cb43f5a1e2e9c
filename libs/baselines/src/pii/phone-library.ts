import { onFirstUse } from '../lazy-module.js';

/** libphonenumber-js and its numbering-plan metadata (~1 MB of heap), imported on the first phone check. */
export const loadPhoneLibrary = onFirstUse(() => import('libphonenumber-js'));
