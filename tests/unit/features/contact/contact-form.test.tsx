import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import * as notifyModule from '@/components/ui/toast/notify';
import ContactForm from '@/features/contact/contact-form';
import { ENQUIRY_RATE_LIMIT_KEY } from '@/features/contact/enquiry-rate-limit';
import * as submitModule from '@/features/contact/submit-enquiry';

/** The accessible name of a required field: its label, then "(required)" for screen readers. */
const required = (label: string) => new RegExp(`^${label.replace('/', '\\/')}\\s*\\(required\\)$`);

let notify: ReturnType<typeof vi.spyOn>;
let submit: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.clear();
  notify = vi.spyOn(notifyModule, 'notify').mockImplementation(() => {});
  submit = vi.spyOn(submitModule, 'submitEnquiry').mockResolvedValue({ ok: true, bookToken: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full Name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/Email Address/), 'ada@example.co.uk');
  await user.type(screen.getByLabelText(/Company\/Organisation/), 'Engines Ltd');
  await user.selectOptions(screen.getByLabelText(/Service Interest/), 'ai-ml');
  await user.selectOptions(screen.getByLabelText(/Project Timeline/), '1-3-months');
  await user.type(
    screen.getByLabelText(/Message\/Requirements/),
    'We would like a data strategy review.',
  );
}

describe('ContactForm', () => {
  it('marks the six required fields for sight and for screen readers', () => {
    render(<ContactForm />);
    for (const name of [
      'Full Name',
      'Email Address',
      'Company/Organisation',
      'Message/Requirements',
    ]) {
      expect(screen.getByRole('textbox', { name: required(name) })).toHaveAttribute(
        'aria-required',
        'true',
      );
    }
    for (const name of ['Service Interest', 'Project Timeline']) {
      expect(screen.getByRole('combobox', { name: required(name) })).toHaveAttribute(
        'aria-required',
        'true',
      );
    }
    expect(screen.getByRole('textbox', { name: 'Job Title' })).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('combobox', { name: /Service Interest/ })).toHaveDisplayValue(
      'Select a service',
    );
    expect(screen.getByRole('option', { name: 'AI & Machine Learning' })).toHaveValue('ai-ml');
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Submit Form' })).toBeEnabled();
  });

  it('shows every error, links it to its field and focuses the first', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    const name = screen.getByLabelText(/Full Name/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Full name must be at least 2 characters.');
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Company name must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please select a service interest.')).toBeInTheDocument();
    expect(screen.getByText('Please select a project timeline.')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters.')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends a valid enquiry, says thank you and clears the form', async () => {
    let finish!: (value: { ok: true; bookToken: null }) => void;
    submit.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        fullName: 'Ada Lovelace',
        serviceInterest: 'ai-ml',
        timeline: '1-3-months',
        jobTitle: '',
      }),
    );
    finish({ ok: true, bookToken: null });
    await screen.findByRole('button', { name: 'Submit Form' });
    expect(notify).toHaveBeenCalledWith({
      title: 'Thank you for your inquiry!',
      description: "We'll get back to you within 24 hours.",
      variant: 'success',
    });
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
  });

  it('keeps what was typed when sending fails', async () => {
    submit.mockResolvedValue({ ok: false, kind: 'failed' });
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        title: 'Something went wrong',
        description: 'Please try again or contact us directly.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Ada Lovelace');
  });

  it('drops a submission whose honeypot is filled, while looking successful', async () => {
    const user = userEvent.setup();
    const { container } = render(<ContactForm />);
    await fillValid(user);
    const honeypot = container.querySelector<HTMLInputElement>('#enquiry-website');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    await user.type(honeypot!, 'https://spam.example');
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Thank you for your inquiry!' }),
      ),
    );
    expect(submit).not.toHaveBeenCalled();
  });

  it('refuses the fourth attempt in 15 minutes without sending, naming the time', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    for (let attempt = 0; attempt < 3; attempt++) {
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Submit Form' }));
      await waitFor(() => expect(submit).toHaveBeenCalledTimes(attempt + 1));
      await screen.findByRole('button', { name: 'Submit Form' });
    }
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    await waitFor(() =>
      expect(notify).toHaveBeenLastCalledWith({
        title: 'Rate limit exceeded',
        description: expect.stringMatching(
          /^You've been temporarily blocked\. Try again after \d{2}:\d{2}\.$/,
        ),
        variant: 'destructive',
      }),
    );
    expect(submit).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem(ENQUIRY_RATE_LIMIT_KEY)).not.toBeNull();
  });

  it('keeps what the visitor typed into the static form before its code arrived', async () => {
    // The form's code loads on demand, after the static form is on screen: a quick visitor may
    // already be typing when it hydrates, and none of that may be lost.
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ContactForm />);
    document.body.append(container);
    const field = (id: string) =>
      container.querySelector<HTMLInputElement | HTMLSelectElement>(`#enquiry-${id}`)!;
    field('fullName').value = 'Katherine Johnson';
    field('email').value = 'kj@example.com';
    field('serviceInterest').value = 'ai-ml';

    await act(async () => {
      hydrateRoot(container, <ContactForm />);
    });

    expect(field('fullName').value).toBe('Katherine Johnson');
    expect(field('email').value).toBe('kj@example.com');
    expect(field('serviceInterest').value).toBe('ai-ml');
    expect(field('company').value).toBe('');
    container.remove();
  });
});
