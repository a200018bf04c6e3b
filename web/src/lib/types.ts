// Wire types of the API and the doc (spec §3); the engine types come from the engine package.
export type {
  CalcDoc,
  ConsoleEntry,
  InputDef,
  InputType,
  OutputDef,
  EvalResult,
  OutputDisplay,
} from '@calcsmith/engine';
import type { CalcDoc } from '@calcsmith/engine';

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
export interface SourceRecord {
  _id: string;
  doc: CalcDoc;
  doc_style: DocStyle;
  /** The doc equals what the server has (client only, spec §4). */
  saved: boolean;
}

/** What `GET /api/calc/{id}` answers. */
export interface PublishedCalc {
  doc: CalcDoc;
  doc_style: DocStyle;
  error: string | null;
  result?: import('@calcsmith/engine').EvalResult | null;
}

/** One calculator in the user's list. */
export interface UserCalc {
  _id: string;
  doc: CalcDoc;
  doc_style: DocStyle;
  private?: boolean;
}

/** The signed-in user as `PUT /api/account` returns it. */
export interface User {
  name: string;
  email: string;
  phone?: string | null;
  address?: string | null;
  zipcode?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  customerId?: string | null;
  plan?: string | null;
  calcs: UserCalc[];
}

/** The page data the server puts into every page (spec §6). */
export interface PreloadedData {
  authenticated: boolean;
  user: { name: string; email: string } | null;
  /** On `/calc/{id}` and `/embed/{id}`: the published calculator, when the viewer may see it. */
  calc?: PublishedCalc & { _id: string };
}
