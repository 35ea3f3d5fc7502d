import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTokens, buildUser } from '../../../testing/data.ts';
import { json, stubApi } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

function fillIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('sign-in form', () => {
  it('shows translated validation errors and sends nothing', async () => {
    const requests = stubApi({});
    renderApp('/login');

    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/api/auth/login'))).toHaveLength(0);
  });

  it('translates the server error by its code, not its message', async () => {
    stubApi({ 'POST /api/auth/login': () => json(401, { code: 'invalid_credentials', message: 'nope' }) });
    renderApp('/es/login');

    fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: 'a@acme.test' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'El correo electrónico o la contraseña son incorrectos.',
    );
    expect(window.localStorage.getItem('auth._token.local')).toBeNull();
  });

  it('shows the not-authorized message (SPEC §8)', async () => {
    stubApi({ 'POST /api/auth/login': () => json(403, { code: 'account_not_authorized', message: 'x' }) });
    renderApp('/login');
    await screen.findByLabelText('Email');
    fillIn('gone@acme.test', 'centinela2026');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Account not authorized, please contact us.');
  });

  it('is busy while signing in, then stores the session and goes home', async () => {
    const user = buildUser();
    const tokens = buildTokens();
    let answer: (response: Response) => void = () => undefined;
    const requests = stubApi({
      'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/auth/user': () => json(200, { user }),
    });
    const { router } = renderApp('/login');
    await screen.findByLabelText('Email');
    fillIn('analyst@acme.test', 'centinela2026');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('data-loading')).toBe(true),
    );
    answer(json(200, tokens));

    // Signed in: the account menu names the user.
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 }));
    expect(await screen.findByText(user.username)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('auth._token.local')).toBe(`Bearer ${tokens.token}`);
    expect(window.localStorage.getItem('auth._refresh_token.local')).toBe(tokens.refreshToken);
    const login = requests.find((r) => r.url.endsWith('/api/auth/login'));
    expect(await login?.json()).toEqual({ email: 'analyst@acme.test', password: 'centinela2026' });
    const me = requests.find((r) => r.url.endsWith('/api/auth/user'));
    expect(me?.headers.get('Authorization')).toBe(`Bearer ${tokens.token}`);
  });
});
