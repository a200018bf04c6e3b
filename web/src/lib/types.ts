// Types of the doc (spec §3) and of the API answers the app keeps: the engine types come from
// the engine package, the API's from the server's OpenAPI document (lib/api/wire.ts), narrowed
// where the app knows more (a `doc` is a CalcDoc).
export type {
  CalcDoc,
  ConsoleEntry,
  InputDef,
  InputType,
  OutputDef,
  EvalResult,
  OutputDisplay,
} from '@calcsmith/engine';
import type { CalcDoc, EvalResult } from '@calcsmith/engine';
import type { Answer, Narrow, Schemas } from './api/wire';

/**
 * Style of a calculator (spec §3): background colour, font colour, font size in pt; and the
 * author's pin of the published calculator's theme and language (`auto`: the visitor's).
 * Unknown fields are kept as they are.
 */
export interface DocStyle {
  bgcolor?: string;
  fcolor?: string;
  fsize?: number;
  theme?: 'light' | 'dark' | 'auto';
  lang?: 'en' | 'ru' | 'auto';
  [key: string]: unknown;
}

/** A calculator as the editor holds it: the source record plus client-only state. */
export type SourceRecord = Narrow<
  Pick<Schemas['Source'], '_id' | 'doc' | 'doc_style'>,
  { doc: CalcDoc; doc_style: DocStyle }
> & {
  /** The doc equals what the server has (client only, spec §4). */
  saved: boolean;
};

/** What `GET /api/calc/{id}` answers; the result is the engine's (the same on both sides). */
export type PublishedCalc = Narrow<
  Answer<'/api/calc/{id}', 'get'>,
  { doc: CalcDoc; doc_style: DocStyle; result?: EvalResult | null }
>;

/** One calculator in the user's list. */
export type UserCalc = Narrow<Schemas['AccountCalc'], { doc: CalcDoc; doc_style: DocStyle }>;

/** The signed-in user as `PUT /api/account` returns it. */
export type User = Narrow<Answer<'/api/account', 'put'>, { calcs: UserCalc[] }>;

/** The page data the server puts into every page (spec §6). */
export interface PreloadedData {
  authenticated: boolean;
  user: Pick<User, 'name' | 'email'> | null;
  /** On `/calc/{id}` and `/embed/{id}`: the published calculator, when the viewer may see it. */
  calc?: PublishedCalc & { _id: string };
}
