import {
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type Client,
  type ClientPathsWithMethod,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import type { paths } from './schema';
import { send, type DownloadedFile, type HttpMethod, type RequestOptions } from './http';

/**
 * The typed console client. openapi-fetch's request types, read from the generated schema (api/schema.d.ts,
 * `npm run gen:api`), check each call's path, path and query parameters and body at compile time; its URL
 * builder fills them in; the console's transport (api/http.ts `send`) sends the call with the session's
 * headers (CSRF proof, language, idempotency key), unwraps the envelope and turns a failure into an ApiError
 * that is shown to the user (a 401 ends the session).
 *
 *   const courier = await api.get('/cms/courier/detail/{row_id}', { params: { path: { row_id: 7 } } });
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The schema's paths that answer `method`. */
export type PathOf<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;

/** What the console adds to a call: whether a failure is shown, how long to wait, a creation's key. */
export type CallOptions = Pick<RequestOptions, 'timeoutMs' | 'notify' | 'acceptStatus' | 'signal' | 'idempotencyKey'>;

/** The call's `params` (`path`, `query`) and `body`, as the operation declares them, and the console's options. */
export type CallInit<P extends keyof paths, M extends Method> = Pick<NonNullable<MaybeOptionalInit<paths[P], M>>, 'params' | 'body'> &
  CallOptions;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type KeysOf<S> = S extends unknown ? keyof S : never;
type FieldOf<S, K> = S extends unknown ? (K extends keyof S ? S[K] : never) : never;
/** `V` with every field the schema type `S` does not have made `never`, in nested objects and arrays too: a body
 *  built in a variable is checked as strictly as a literal (TypeScript's excess property check covers only a
 *  literal written in place, and not one inferred into a type parameter). */
export type Exact<V, S> = unknown extends V
  ? V
  : V extends readonly (infer E)[]
    ? NonNullable<S> extends readonly (infer T)[]
      ? readonly Exact<E, T>[]
      : V
    : V extends object
      ? { [K in keyof V]: K extends KeysOf<NonNullable<S>> ? Exact<V[K], FieldOf<NonNullable<S>, K>> : never }
      : V;
/** The init as given, its body refused if it has a field the operation does not take. */
type Checked<I, B> = I & (I extends { body?: infer V } ? { body?: Exact<V, B> } : unknown);
/** The init argument, required only when the operation has a required parameter or body (openapi-fetch's way:
 *  the init is a type parameter of its own, so the check runs once the path is known). */
type Args<I, B = unknown> = [RequiredKeys<I>] extends [never] ? [init?: Checked<I, B>] : [init: Checked<I, B>];

type Operation<P extends keyof paths, M extends Method> = M extends keyof paths[P] ? paths[P][M] : never;
type Reply<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : never;

/** The `data` of an operation's 202 reply: the task a long request became (an export past the threshold). */
type Accepted<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: { 202: { content: { 'application/json': { data?: infer D } } } } } ? NonNullable<D> : never;

/** The `data` of the envelope the operation answers with on success (`null` for those that answer none). */
export type Data<P extends keyof paths, M extends Method> =
  Reply<P, M> extends { data?: infer D } ? ([NonNullable<D>] extends [never] ? null : NonNullable<D>) : never;

/** The JSON body the operation expects. */
export type Body<P extends keyof paths, M extends Method> = NonNullable<CallInit<P, M>['body']>;

type LooseInit = CallOptions & {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: { 'Idempotency-Key'?: string } };
  body?: unknown;
};

const querySerializer = createQuerySerializer();

function urlOf(path: string, params: LooseInit['params']): string {
  return createFinalURL(path, { baseUrl: '', params: params ?? {}, querySerializer, pathSerializer: defaultPathSerializer });
}

function call<T>(method: HttpMethod, path: string, init: LooseInit | undefined, extra: Pick<RequestOptions, 'expect'> = {}): Promise<T> {
  const { params, body, ...options } = init ?? {};
  // An operation that requires the key declares it as a header parameter; it goes where `idempotencyKey` goes.
  const idempotencyKey = params?.header?.['Idempotency-Key'] ?? options.idempotencyKey;
  // A failure names the path with its parameters filled in, without the query (as the server logs it).
  return send<T>(method, urlOf(path, { path: params?.path }), urlOf(path, params), { ...options, idempotencyKey, body, ...extra });
}

/** The schema's POSTs that take a file (`multipart/form-data`). */
export type UploadPath = {
  [P in PathOf<'post'>]: paths[P]['post'] extends { requestBody: { content: { 'multipart/form-data': unknown } } } ? P : never;
}[PathOf<'post'>];

export const api = {
  get: <P extends PathOf<'get'>, I extends CallInit<P, 'get'>>(path: P, ...[init]: Args<I>) => call<Data<P, 'get'>>('GET', path, init as LooseInit),
  post: <P extends PathOf<'post'>, I extends CallInit<P, 'post'>>(path: P, ...[init]: Args<I, Body<P, 'post'>>) => call<Data<P, 'post'>>('POST', path, init as LooseInit),
  put: <P extends PathOf<'put'>, I extends CallInit<P, 'put'>>(path: P, ...[init]: Args<I, Body<P, 'put'>>) => call<Data<P, 'put'>>('PUT', path, init),
  patch: <P extends PathOf<'patch'>, I extends CallInit<P, 'patch'>>(path: P, ...[init]: Args<I, Body<P, 'patch'>>) => call<Data<P, 'patch'>>('PATCH', path, init),
  delete: <P extends PathOf<'delete'>, I extends CallInit<P, 'delete'>>(path: P, ...[init]: Args<I, Body<P, 'delete'>>) => call<Data<P, 'delete'>>('DELETE', path, init),
  /** A POST that answers with a file (exports, import templates), or with the task it became (202); a refusal still
   *  arrives as an envelope. */
  download: <P extends PathOf<'post'>, I extends CallInit<P, 'post'>>(path: P, ...[init]: Args<I, Body<P, 'post'>>) =>
    call<DownloadedFile | Accepted<P, 'post'>>('POST', path, init as LooseInit, { expect: 'file' }),
  /** Sends `file` as the form field `file` of a multipart POST. */
  upload: <P extends UploadPath>(path: P, file: File, options?: CallOptions) => {
    const form = new FormData();
    form.append('file', file);
    return call<Data<P, 'post'>>('POST', path, { ...options, body: form });
  },
};
