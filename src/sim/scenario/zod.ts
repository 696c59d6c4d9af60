/**
 * zod, as the simulation's validators use it: `zod/mini` (the functional, tree-shakable API: the worker bundles only
 * the checks it uses), with zod's English error messages, which the full `zod` loads by default and the mini API does
 * not (without them every issue reads "Invalid input"). Import `z` from here, not from 'zod/mini'.
 */
import { z } from 'zod/mini';

z.config(z.locales.en());

export { z };
