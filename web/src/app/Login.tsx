// The first screen: log in with a display name and password, or register a new account.
import { useState } from "preact/hooks";

import { login, register } from "../api/client";
import { RefusalNote } from "./RefusalNote";
import { useAction } from "./useCall";

export function Login() {
  const [mode, setMode] = useState<"login" | "register">("login");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const action = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    action.run(() => (mode === "login" ? login(name, password) : register(name, password)));
  };
  return (
    <main class="login">
      <h1>Mailrun</h1>
      <p class="tagline">1853 India and 1947, by mail or live</p>
      <div class="tabs" role="tablist">
        <button role="tab" aria-selected={mode === "login"} data-test="tab-login" onClick={() => setMode("login")}>Log in</button>
        <button role="tab" aria-selected={mode === "register"} data-test="tab-register" onClick={() => setMode("register")}>Register</button>
      </div>
      <form onSubmit={submit} data-test="login-form">
        <label>Name <input name="name" autocomplete="username" value={name} required
                           onInput={(e) => setName(e.currentTarget.value)} /></label>
        <label>Password <input name="password" type="password" minLength={8}
                               autocomplete={mode === "login" ? "current-password" : "new-password"} value={password} required
                               onInput={(e) => setPassword(e.currentTarget.value)} /></label>
        <button type="submit" class="primary" disabled={action.busy} data-test="login-submit">
          {mode === "login" ? "Log in" : "Register"}
        </button>
        <RefusalNote error={action.error} />
      </form>
    </main>
  );
}
