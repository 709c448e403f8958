import type { paths } from './schema';

/** Types read from the generated OpenAPI schema, so a changed API shows up as a type error. */
export type ApiPath = keyof paths;

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type OkResponse<Operation> = Operation extends { responses: { 200: infer R } } ? R : never;

/** The envelope a GET/POST/... on `P` answers with on success. */
export type ReplyOf<P extends ApiPath, M extends keyof paths[P]> = JsonBody<OkResponse<paths[P][M]>>;

/** The `data` of that envelope. */
export type DataOf<P extends ApiPath, M extends keyof paths[P]> = NonNullable<
  ReplyOf<P, M> extends { data?: infer D } ? D : never
>;

/** The JSON body the operation expects. */
export type BodyOf<P extends ApiPath, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
