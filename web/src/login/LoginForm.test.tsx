import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COMPANY_ONLY, LOGIN_FAILED } from '../providers/authProvider';
import { LoginForm } from './LoginForm';

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginForm', () => {
  it('keeps Login disabled until both fields are filled', () => {
    const onSubmit = vi.fn();
    render(<LoginForm loading={false} error={null} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Login' });
    expect(button).toHaveProperty('disabled', true);
    fill(/email/i, 'a@b.c');
    expect(button).toHaveProperty('disabled', true);
    fill(/password/i, 'secret');
    expect(button).toHaveProperty('disabled', false);
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledWith({ email: 'a@b.c', password: 'secret' });
  });

  it('is disabled while loading', () => {
    render(<LoginForm loading error={null} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', true);
  });

  it('shows the failure messages of SPEC §8 / §5', () => {
    const { rerender } = render(<LoginForm loading={false} error="anything" onSubmit={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(LOGIN_FAILED);
    rerender(<LoginForm loading={false} error={COMPANY_ONLY} onSubmit={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe('Only company emails are allowed');
    const locked = 'Too many sign-in attempts; try again at 10:42 UTC (in 13 minutes)';
    rerender(<LoginForm loading={false} error={locked} onSubmit={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(locked);
  });
});
