import { useEffect, useState, type FormEvent } from "react";
import type { LoginRoutes } from "./routes";
import { send } from "../lib/api-client";
import { TextField } from "../ui/TextField";
import ForgotPassword from "./ForgotPassword";

/** The endpoints, handed by the page (src/pages/admin.astro), so that no schema loads with the page. */

/** Staff sign-in; an existing session goes straight to the dashboard. */
export default function LoginForm({ routes }: { routes: LoginRoutes }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [forgotOpen, setForgotOpen] = useState(false);

  useEffect(() => {
    send(routes.checkSession)
      .then((r) => {
        if ((r.data as { loggedIn?: boolean }).loggedIn) window.location.replace("/dashboard");
      })
      .catch(() => {});
  }, [routes.checkSession]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError("");
    try {
      const res = await send(routes.login, { body: { email, password } });
      const body = res.data as { role?: string; error?: string };
      if (!res.ok) {
        // A lock or rate limit says what to do; every other failure is the SPEC message.
        setError(res.status === 429 && body.error ? body.error : "Invalid credentials");
        setBusy(false);
        return;
      }
      // SPEC: the role is stored locally from the login response (default reader). The server
      // remains the authority for every permission.
      localStorage.setItem("role", body.role ?? "reader");
      window.location.assign("/dashboard");
    } catch {
      setError("Invalid credentials");
      setBusy(false);
    }
  }

  return (
    <>
      <form method="post" onSubmit={submit} noValidate className="login-form">
        <TextField
          id="login-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          required
          aria-invalid={error ? true : undefined}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
          aria-invalid={error ? true : undefined}
        />
        <p id="login-error" role="alert" className={error ? "alert alert--error" : "login-form__empty"}>
          {error}
        </p>
        <button className="btn login-form__submit" type="submit" disabled={busy} aria-busy={busy}>
          {busy ? "Logging in..." : "Login"}
        </button>
        <button type="button" className="login-form__forgot" onClick={() => setForgotOpen(true)}>
          Forgot Password?
        </button>
      </form>
      <ForgotPassword open={forgotOpen} onClose={() => setForgotOpen(false)} routes={routes} />
    </>
  );
}
