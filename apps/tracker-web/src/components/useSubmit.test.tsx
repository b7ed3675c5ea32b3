import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import { getToasts } from '@app/ui/toast-store';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError } from '../api/errors.ts';
import { useForm } from './form.ts';
import { SubmitButton } from './SubmitButton.tsx';
import { useSubmit } from './useSubmit.ts';

const Name = z.object({ name: z.string().check(z.minLength(1, 'Enter a name.')) });
const FIELDS = { name: { id: 'pet-name', label: 'Name' } } as const;

type Send = (values: z.output<typeof Name>) => Promise<{ id: number }>;

function PetForm({ send, done }: { send: Send; done: (...args: unknown[]) => void }) {
  const form = useForm(FIELDS);
  const [name, setName] = useState('Rex');
  const onSubmit = useSubmit(form, {
    schema: Name,
    values: { name },
    send,
    toast: (values) => ({ title: `${values.name} saved.` }),
    done,
    reload: true,
  });
  return (
    <>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <form noValidate onSubmit={onSubmit} aria-label="Pet">
        <Field {...form.field('name')} value={name} onChange={setName} />
        <SubmitButton pending={form.pending}>Save pet</SubmitButton>
      </form>
    </>
  );
}

/** The form wired the way the pages wire theirs, in a router whose loader counts its reads. */
async function renderForm(send: Send) {
  const done = vi.fn();
  let loads = 0;
  const rootRoute = createRootRoute({
    component: () => <PetForm send={send} done={done} />,
    loader: () => {
      loads += 1;
    },
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
  await screen.findByRole('form', { name: 'Pet' });
  return { done, loads: () => loads, user: userEvent.setup() };
}

const refusal = () =>
  new ApiError('name: Already taken.', {
    kind: 'http',
    status: 400,
    code: 'VALIDATION_ERROR',
    fields: [{ path: 'name', message: 'Already taken.' }],
  });

const save = () => screen.getByRole('button', { name: 'Save pet' });

describe('useSubmit', () => {
  it("shows a refusal's field errors under the field and in the summary, which takes focus", async () => {
    const send = vi.fn<Send>().mockRejectedValue(refusal());
    const { done, loads, user } = await renderForm(send);
    await user.click(save());

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Name: Already taken.' })).toHaveAttribute(
      'href',
      '#pet-name',
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Already taken.');
    expect(send).toHaveBeenCalledWith({ name: 'Rex' });
    expect(getToasts()).toHaveLength(0);
    expect(done).not.toHaveBeenCalled();
    expect(loads()).toBe(1);
  });

  it('checks the values first and sends nothing when they are wrong', async () => {
    const send = vi.fn<Send>();
    const { user } = await renderForm(send);
    await user.clear(screen.getByLabelText('Name'));
    await user.click(save());

    expect(await screen.findByRole('alert')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter a name.');
    expect(send).not.toHaveBeenCalled();
  });

  it('once sent, clears the errors, then toasts, hands over the answer and reads the page again', async () => {
    const send = vi.fn<Send>().mockRejectedValueOnce(refusal()).mockResolvedValue({ id: 7 });
    const { done, loads, user } = await renderForm(send);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveFocus();

    await user.click(save());
    await vi.waitFor(() => expect(loads()).toBe(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(getToasts().map((toast) => toast.title)).toEqual(['Rex saved.']);
    expect(done).toHaveBeenCalledExactlyOnceWith({ name: 'Rex' }, { id: 7 });
  });

  it('does nothing on a second submission while the first is being sent', async () => {
    let answer: (value: { id: number }) => void = () => undefined;
    const send = vi.fn<Send>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { done, loads, user } = await renderForm(send);
    await user.click(save());
    expect(save()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');

    await user.click(save());
    await user.keyboard('{Enter}');
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => answer({ id: 1 }));
    await vi.waitFor(() => expect(loads()).toBe(2));
    expect(save()).not.toHaveAttribute('aria-disabled');
    expect(getToasts()).toHaveLength(1);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
