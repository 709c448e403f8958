import type { Permission } from '../../../app/access/can';
import { describe, expect, it } from 'vitest';
import { COMMENT, offeredActions, isOffered } from './actions';

const all = () => true;

describe('the action buttons a user is offered', () => {
  it('are those the server allows for the ticket and the user holds the button of', () => {
    const ticket = { allowedActions: ['CLAIM', 'START_PROCESSING', 'WONT_FIX', 'MERGE', 'WATCH', 'COMMENT'], flowPending: false };
    const can = (permission: Permission) => !([] as string[]).concat(permission).includes('ticket#wont-fix');
    expect(offeredActions(ticket, can).map((spec) => spec.path)).toEqual(['claim', 'start', 'merge']);
  });

  it('are none while the ticket flow is starting', () => {
    const ticket = { allowedActions: ['CLAIM', 'COMMENT'], flowPending: true };
    expect(offeredActions(ticket, all)).toEqual([]);
    expect(isOffered(COMMENT, ticket, all)).toBe(false);
  });

  it('leave out what the server does not list, whatever the user holds', () => {
    expect(offeredActions({ allowedActions: ['REOPEN'], flowPending: false }, all).map((spec) => spec.action)).toEqual(['REOPEN']);
  });
});
