import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldError } from './ErrorSummary.tsx';
import { arrangeErrors, type FormField, useFormErrors } from './form-errors.ts';

const FIELDS: FormField[] = [
  { id: 'name', label: 'Name' },
  { id: 'email', label: 'Email address' },
  { id: 'note' },
];

describe('arrangeErrors', () => {
  it('puts the whole form first, then one message per field in the form’s order', () => {
    const found: FieldError[] = [
      { field: 'note', message: 'Too long.' },
      { field: 'email', message: 'Enter an email address.' },
      { field: 'email', message: 'A second message about the email.' },
      { field: null, message: 'We could not save it.' },
      { field: 'name', message: 'Enter your name.' },
    ];
    expect(arrangeErrors(found, FIELDS).map((error) => [error.field, error.message])).toEqual([
      [null, 'We could not save it.'],
      ['name', 'Enter your name.'],
      ['email', 'Enter an email address.'],
      ['note', 'Too long.'],
    ]);
  });

  it('names the field in the summary when the message does not, and only where a label is given', () => {
    const [name, email, note] = arrangeErrors(
      [
        { field: 'name', message: 'At most 80 characters' },
        { field: 'email', message: 'Enter an email address.' },
        { field: 'note', message: 'Too long.' },
      ],
      FIELDS,
    );
    expect(name?.summary).toBe('Name: At most 80 characters');
    // "email address" is in the message already.
    expect(email?.summary).toBeUndefined();
    expect(note?.summary).toBeUndefined();
  });

  it('keeps a summary the error already has', () => {
    const [error] = arrangeErrors(
      [{ field: 'name', message: 'Taken', summary: 'That name is taken.' }],
      FIELDS,
    );
    expect(error?.summary).toBe('That name is taken.');
  });
});

describe('useFormErrors', () => {
  it('shows what a submission reported, counts the attempts, and clears once sent', () => {
    const { result } = renderHook(() => useFormErrors(FIELDS));
    expect(result.current.errors).toEqual([]);
    expect(result.current.attempt).toBe(0);
    act(() => result.current.report([{ field: 'email', message: 'Enter an email address.' }]));
    expect(result.current.errorOf('email')).toBe('Enter an email address.');
    expect(result.current.errorOf('name')).toBeUndefined();
    expect(result.current.attempt).toBe(1);
    // The same failure again takes focus again: the count moves on.
    act(() => result.current.report([{ field: 'email', message: 'Enter an email address.' }]));
    expect(result.current.attempt).toBe(2);
    act(() => result.current.clear());
    expect(result.current.errors).toEqual([]);
  });

  it('keeps errors that live elsewhere hidden until the first submission, then follows them', () => {
    let live: FieldError[] = [{ field: 'name', message: 'Enter your name.' }];
    const { result, rerender } = renderHook(() => useFormErrors(FIELDS, live));
    expect(result.current.errors).toEqual([]);
    expect(result.current.errorOf('name')).toBeUndefined();
    act(() => result.current.submitted());
    expect(result.current.errorOf('name')).toBe('Enter your name.');
    // The machine's answer after the submission (the server refused the email) shows at once.
    live = [{ field: 'email', message: 'That email is taken.' }];
    rerender();
    expect(result.current.errorOf('name')).toBeUndefined();
    expect(result.current.errorOf('email')).toBe('That email is taken.');
    expect(result.current.attempt).toBe(1);
  });
});
