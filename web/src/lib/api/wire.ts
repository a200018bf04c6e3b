// The API's wire types as the app names them: every answer and request body comes from
// schema.d.ts, which is generated from the server's OpenAPI document (npm run api-types), so
// a change on the server that the app does not follow fails `tsc -b`.
import type { components, paths } from './schema';

/** The document's named schemas: `Schemas['Card']`. */
export type Schemas = components['schemas'];

type Method = 'get' | 'put' | 'post' | 'delete';

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type JsonAnswer<O> = O extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

type JsonBody<O> = O extends { requestBody?: infer B }
  ? [NonNullable<B>] extends [never]
    ? never
    : NonNullable<B> extends { content: { 'application/json': infer T } }
      ? T
      : never
  : never;

/** The methods of `P` whose 200 answer is JSON. */
type Answering<P extends keyof paths> = {
  [M in Method]-?: [JsonAnswer<Operation<P, M>>] extends [never] ? never : M;
}[Method];

/** The methods of `P` that take a JSON body. */
type Taking<P extends keyof paths> = {
  [M in Method]-?: [JsonBody<Operation<P, M>>] extends [never] ? never : M;
}[Method];

/**
 * The JSON body of the 200 answer of `M P` (a wrapper such as `{data, paging}` included).
 * A path, or a method of it, that the document does not have (or not with a JSON answer)
 * fails `tsc -b`.
 */
export type Answer<P extends keyof paths, M extends Answering<P>> = JsonAnswer<Operation<P, M>>;

/** The JSON body `M P` takes; like `Answer`, only for operations the document has. */
export type Body<P extends keyof paths, M extends Taking<P>> = JsonBody<Operation<P, M>>;

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
