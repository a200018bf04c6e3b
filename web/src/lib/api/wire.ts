// The API's wire types as the app names them: every answer and request body comes from
// schema.d.ts, which is generated from the server's OpenAPI document (npm run api-types), so
// a change on the server that the app does not follow fails `tsc -b`.
import type { components, paths } from './schema';

/** The document's named schemas: `Schemas['Card']`. */
export type Schemas = components['schemas'];

type Method = 'get' | 'put' | 'post' | 'delete';

/** The methods the document has for `P`. */
type MethodOf<P extends keyof paths> = {
  [M in Method]-?: [NonNullable<paths[P][M]>] extends [never] ? never : M;
}[Method];

type Operation<P extends keyof paths, M extends MethodOf<P>> = NonNullable<paths[P][M]>;

/** The JSON body of the 200 answer of `M P` (a wrapper such as `{data, paging}` included). */
export type Answer<P extends keyof paths, M extends MethodOf<P>> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer T } } } }
    ? T
    : never;

/** The JSON body `M P` takes. */
export type Body<P extends keyof paths, M extends MethodOf<P>> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer T } } }
    ? T
    : never;

/**
 * `T` with some fields narrowed where the app knows more than the document says (a `doc`
 * that is a CalcDoc, a plan id that is one of those sold): `N` may only name fields of `T`,
 * each with a type that fits the document's, so a server change still fails `tsc -b`.
 */
export type Narrow<T, N extends { [K in keyof N]: K extends keyof T ? T[K] : never }> = Omit<
  T,
  keyof N
> &
  N;
