// The first screen: log in with a display name and password, or register a new account. A player
// held back by too many failed logins (a stranger's, perhaps) on a new device asks for a login code
// mailed to their verified address and logs in with it and the password (issue 46).
import { useState } from "preact/hooks";

import { login, register, requestLoginCode } from "../api/client";
import { refusalOf } from "../api/refusal";
import { RefusalNote } from "./RefusalNote";
import { useAction } from "./useCall";

export function Login() {
  const [mode, setMode] = useState<"login" | "register">("login");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [codeAsked, setCodeAsked] = useState(false);  // the code field shows
  const [mailNote, setMailNote] = useState("");
  const action = useAction();
  const asking = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    action.run(() => (mode === "login" ? login(name, password, codeAsked ? code : "") : register(name, password)));
  };
  const askForCode = async () => {
    setMailNote("");
    if (!name.trim()) {
      setMailNote("Type your name first.");
      return;
    }
    if (await asking.run(() => requestLoginCode(name.trim()))) {
      setCodeAsked(true);
      setMailNote(`If ${name.trim()} has a verified email address, a login code is on its way. ` +
                  "It works once, for 15 minutes: type it below with your password.");
    }
  };
  // Refused for too many failed logins: the mailed code is the way in.
  const heldBack = mode === "login" && !!action.error && refusalOf(action.error).code === "ResourceExhausted";
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
        {mode === "login" && codeAsked ? (
          <label>Login code <input name="login-code" autocomplete="one-time-code" autocapitalize="characters"
                                   spellcheck={false} placeholder="ABCD-EFGH" value={code} required data-test="login-code"
                                   onInput={(e) => setCode(e.currentTarget.value)} /></label>
        ) : null}
        <button type="submit" class="primary" disabled={action.busy} data-test="login-submit">
          {mode === "login" ? "Log in" : "Register"}
        </button>
        <RefusalNote error={action.error} />
        {mode === "login" ? (
          <p class={heldBack ? "login-code-offer held" : "login-code-offer"}>
            {heldBack ? "On a new device? A login code mailed to you lets you in now. " : null}
            <button type="button" class={heldBack ? "" : "link"} disabled={asking.busy} data-test="email-login-code"
                    onClick={askForCode}>
              {codeAsked ? "Email me another login code" : "Email me a login code"}
            </button>
          </p>
        ) : null}
        {mailNote ? <p class="note" role="status" data-test="login-code-note">{mailNote}</p> : null}
        <RefusalNote error={asking.error} />
      </form>
    </main>
  );
}
