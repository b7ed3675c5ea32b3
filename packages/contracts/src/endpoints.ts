import * as z from 'zod/mini';
import {
  FocusAreaList,
  HoldId,
  PathId,
  ProfileUpload,
  PublicUser,
  RoleAreaList,
  Team,
  TeamList,
} from './schemas.ts';

/**
 * The HTTP edge in one table: every endpoint of the tracker and of the site, with its method, path
 * (Fastify's `:param` form), what it reads and what it answers. The tracker registers its routes
 * from TRACKER_API; the site registers its own from SITE_API, allows the browser exactly the reads
 * SITE_API marks as proxied, and calls the tracker through TRACKER_API, so a change on one side
 * that the other does not follow is a type error. The api-client reads SITE_API's paths.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** Fastify's route schema: params, querystring, headers, body and the success answer. */
  readonly schema: {
    readonly params?: z.ZodMiniType;
    readonly querystring?: z.ZodMiniType;
    readonly headers?: z.ZodMiniType;
    readonly body?: z.ZodMiniType;
    readonly consumes?: readonly string[];
    readonly response: Readonly<Record<number, z.ZodMiniType>>;
  };
}

export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

export const IdParams = z.object({ id: PathId });
export const HoldParams = z.object({ id: HoldId });
/** The multipart profile form (photo and about text), checked part by part as it streams in. */
export const profileFormSchema = {
  consumes: ['multipart/form-data'],
  body: z.nullable(ProfileUpload),
};

/** The tracker's reads that the site passes through to the browser (see SITE_API). */
export const TRACKER_READS = {
  listTeams: endpoint({
    method: 'GET',
    url: '/teams',
    summary: 'List the teams with their Active members and open seats',
    schema: { response: { 200: TeamList } },
  }),
  getTeam: endpoint({
    method: 'GET',
    url: '/teams/:id',
    summary: 'Read one team with its Active members',
    schema: { params: IdParams, response: { 200: Team } },
  }),
  getMember: endpoint({
    method: 'GET',
    url: '/users/:id',
    summary: 'Read a member of a team (anyone else answers 404)',
    schema: { params: IdParams, response: { 200: PublicUser } },
  }),
  listFocusAreas: endpoint({
    method: 'GET',
    url: '/focus-areas',
    summary: 'List the focus areas with their roles',
    schema: { response: { 200: FocusAreaList } },
  }),
  listRoleAreas: endpoint({
    method: 'GET',
    url: '/role-areas',
    summary: 'List the role areas',
    schema: { response: { 200: RoleAreaList } },
  }),
} as const;

export const PROXY_PREFIX = '/api/proxy';

/**
 * The success status of an endpoint and the schema of its answer (a response table may also
 * describe a refusal with a shape of its own, as a 412 or a 503: never the success).
 */
export type SuccessStatus<E extends Endpoint> = Extract<
  keyof E['schema']['response'],
  200 | 201 | 202 | 204
>;
export type EndpointAnswer<E extends Endpoint> = z.output<
  E['schema']['response'][SuccessStatus<E>]
>;

export function successStatus(endpoint: Endpoint): number {
  return Number(Object.keys(endpoint.schema.response)[0]);
}

/** `/teams/:id` with its parameters filled in (each one URL-encoded). */
export function pathOf(
  endpoint: Pick<Endpoint, 'url'>,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return endpoint.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.url} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
}
