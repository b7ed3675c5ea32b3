// The areas are the onboarding's own data, shared with the tracker's Find a team page.
export { areaTitle, SUPPORT_AREAS, type SupportArea } from '@app/onboarding/choices';
