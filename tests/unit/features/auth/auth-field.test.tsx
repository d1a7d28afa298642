import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { AuthField } from '@/features/auth/auth-field';

function Probe() {
  const [email, setEmail] = useState('');
  return (
    <>
      <AuthField
        id="probe-email"
        label="Email"
        type="email"
        value={email}
        onValueChange={setEmail}
        invalid={false}
        errorId="probe-error"
      />
      <output data-testid="state">{email}</output>
    </>
  );
}

// React's act() needs to be told it runs under a test environment when used without RTL.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('AuthField', () => {
  it('keeps what the visitor typed into the prerendered input before hydration', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    const input = container.querySelector<HTMLInputElement>('#probe-email')!;
    input.value = 'early@example.com';

    await act(async () => {
      hydrateRoot(container, <Probe />);
    });

    expect(container.querySelector('[data-testid=state]')?.textContent).toBe('early@example.com');
    expect(input.value).toBe('early@example.com');
    container.remove();
  });
});
