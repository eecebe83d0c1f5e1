/** A phone number in E.164 form: "+", a country code that does not start with 0, 7 to 15 digits in all. */
export { E164_PATTERN as E164 } from '@sitefleet/shared';
