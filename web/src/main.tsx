// The web client's entry point: mounts the app into index.html's #app.
import { render } from "preact";

import { App } from "./app/App";
import "./app/styles.css";
import { EmailLink, emailLinkOf } from "./notify/EmailLink";
import { startNotify } from "./notify/register";

const mailLink = emailLinkOf(window.location.hash);  // a link from a mail: its page alone
render(mailLink ? <EmailLink {...mailLink} /> : <App />, document.getElementById("app")!);
startNotify();  // service worker, updates, Web Push (web/src/notify/)
