import { style } from '@vanilla-extract/css';

/** A long email address breaks rather than widening a phone's page. */
export const sentTo = style({ overflowWrap: 'anywhere' });
