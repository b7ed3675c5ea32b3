import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Field } from './Field.tsx';

function Controlled(props: Partial<Parameters<typeof Field>[0]>) {
  const [value, setValue] = useState('');
  return <Field id="goal" label="Your goal" value={value} onChange={setValue} {...props} />;
}

describe('Field', () => {
  it('labels its input and passes on what is typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled />);
    await user.type(screen.getByRole('textbox', { name: 'Your goal' }), 'Run');
    expect(screen.getByRole('textbox', { name: 'Your goal' })).toHaveValue('Run');

    render(<Field id="about" label="About me" value="" onChange={onChange} multiline />);
    await user.type(screen.getByRole('textbox', { name: 'About me' }), 'A');
    expect(onChange).toHaveBeenCalledWith('A');
  });

  it('is described by its hint, then its error, and marked invalid only while in error', () => {
    const { rerender } = render(
      <Field id="goal" label="Goal" value="" onChange={() => {}} hint="One line." />,
    );
    const input = screen.getByRole('textbox', { name: 'Goal' });
    expect(input).toHaveAttribute('aria-describedby', 'goal-hint');
    expect(input).not.toHaveAttribute('aria-invalid');

    rerender(
      <Field
        id="goal"
        label="Goal"
        value=""
        onChange={() => {}}
        hint="One line."
        error="Required."
      />,
    );
    expect(input).toHaveAttribute('aria-describedby', 'goal-hint goal-error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('One line. Required.');
  });

  it('puts the error after the input, or before it when asked', () => {
    const { container, rerender } = render(
      <Field id="goal" label="Goal" value="" onChange={() => {}} error="Required." />,
    );
    const order = () => [...container.querySelectorAll('input, p')].map((node) => node.tagName);
    expect(order()).toEqual(['INPUT', 'P']);
    rerender(
      <Field
        id="goal"
        label="Goal"
        value=""
        onChange={() => {}}
        error="Required."
        errorPlacement="beforeControl"
      />,
    );
    expect(order()).toEqual(['P', 'INPUT']);
  });

  it('gives a number field its bounds and a numeric keypad', () => {
    render(
      <Field
        id="seats"
        label="Seats"
        value="4"
        onChange={() => {}}
        type="number"
        min={1}
        max={12}
      />,
    );
    const input = screen.getByRole('spinbutton', { name: 'Seats' });
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '12');
    expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('keeps text typed into the prerendered page before its code ran', () => {
    const onChange = vi.fn();
    const field = <Field id="goal" label="Goal" value="" onChange={onChange} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(field);
    document.body.append(container);
    const input = container.querySelector('input');
    if (!input) throw new Error('no input in the server HTML');
    input.value = 'Typed early';

    render(field, { container, hydrate: true });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Typed early');
  });
});
