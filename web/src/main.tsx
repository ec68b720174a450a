// The web client's entry point: mounts the app into index.html's #app.
import { render } from "preact";

import { App } from "./app/App";
import { adoptFirstReads } from "./game/firstReads";
import "./app/styles.css";
import { EmailLink, emailLinkOf } from "./notify/EmailLink";
import { startNotify } from "./notify/register";

performance.mark("mailrun:script-run");  // the profile of tools/bench/web_speed.mjs: the script loaded and run
adoptFirstReads();  // what web/src/boot/firstReads.ts asked for before this script arrived
const mailLink = emailLinkOf(window.location.hash);  // a link from a mail: its page alone
render(mailLink ? <EmailLink {...mailLink} /> : <App />, document.getElementById("app")!);
startNotify();  // service worker, updates, Web Push (web/src/notify/)
