export { closeGracefully } from './close.ts';
export { answerEncoding, compression, type Encoding, encodeAnswer } from './compress.ts';
export { IDLE_DROP_MS } from './connections.ts';
export { connectCounterStore, type LimiterFactory, limiterFactory } from './counters.ts';
export {
  checkDataDir,
  DataDirError,
  type DataDirFs,
  dataDirProblem,
  StartupError,
} from './data-dir.ts';
export { dbCallTracer, operationOf, TRACE_DB_CALL, type TraceDbCall } from './db-calls.ts';
export {
  BaseEnv,
  EnvError,
  LogLevel,
  parseEnv,
  portOf,
  resolveFromCommand,
  siteUrlOf,
  trustProxyHops,
} from './env.ts';
export { type ErrorHandlerOptions, errorHandler } from './error-handler.ts';
export {
  ERROR_STATUS,
  type ErrorCode,
  HttpError,
  INTERNAL_MESSAGE,
  noRoute,
  notFound,
  RetryLaterError,
} from './errors.ts';
export { type HealthOptions, health, NOT_READY_RETRY_SECONDS, withinMs } from './health.ts';
export { type LogOptions, loggableUrl, loggerOptions, REDACTED_PATHS } from './logging.ts';
export {
  Counter,
  createMetrics,
  Gauge,
  Histogram,
  httpMetrics,
  type MetricsListener,
  type ProcessMetrics,
  type Registry,
  serveMetrics,
  UNMATCHED_ROUTE,
} from './metrics.ts';
export {
  MAX_FIELD_BYTES,
  type Photo,
  type ProfileForm,
  profileFormSchema,
  readProfileForm,
  registerProfileMultipart,
} from './multipart.ts';
export {
  type ApiKeyScheme,
  type OpenApiOptions,
  openApi,
  openApiPath,
  operationIdOf,
  routeOf,
} from './openapi.ts';
export { BARE_SECURITY_HEADERS, clientErrorHandler } from './raw-errors.ts';
export { loadOrCreateSecret, type SecretFile } from './secret-file.ts';
export {
  isCspHashSource,
  isSafeMethod,
  type OriginPolicy,
  originGuard,
  REFERRER_POLICY,
  SELF_ONLY_CSP,
  type SecurityHeadersOptions,
  securityHeaders,
} from './security.ts';
export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  requestTimeouts,
} from './timeouts.ts';
export {
  describeIssue,
  type Issue,
  nulCharacter,
  parseInput,
  rejectNul,
  validationError,
} from './validation.ts';
