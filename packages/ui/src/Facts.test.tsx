import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Facts } from './Facts.tsx';

describe('Facts', () => {
  it('lists each label with its value, in order, as a definition list', () => {
    const { container } = render(
      <Facts
        facts={[
          ['Email', 'ada@example.com'],
          ['Open', 'Full', 'stands-out'],
        ]}
      />,
    );
    const list = container.querySelector('dl');
    expect(list).not.toBeNull();
    const terms = [...container.querySelectorAll('dt')].map((term) => term.textContent);
    const values = [...container.querySelectorAll('dd')].map((value) => value.textContent);
    expect(terms).toEqual(['Email', 'Open']);
    expect(values).toEqual(['ada@example.com', 'Full']);
    // Each value follows its own label.
    expect(screen.getByText('Email').nextElementSibling).toHaveTextContent('ada@example.com');
    expect(screen.getByText('Full')).toHaveClass('stands-out');
    expect(screen.getByText('ada@example.com')).not.toHaveClass('stands-out');
  });
});
