import { useEffect, useState, type FormEvent } from "react";

/** Staff sign-in; an existing session goes straight to the dashboard. */
export default function LoginForm() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  useEffect(() => {
    fetch("/api/check-session")
      .then((r) => r.json())
      .then((s: { loggedIn?: boolean }) => {
        if (s.loggedIn) window.location.replace("/dashboard");
      })
      .catch(() => {});
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError("");
    try {
      const res = await fetch("/api/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      if (!res.ok) throw new Error("Invalid credentials");
      window.location.assign("/dashboard");
    } catch {
      setError("Invalid credentials");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="login-email">Email</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="login-password">Password</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </div>
      <p role="alert" className="field-error">
        {error}
      </p>
      <button className="btn" type="submit" disabled={busy}>
        {busy ? "Logging in..." : "Login"}
      </button>
    </form>
  );
}
