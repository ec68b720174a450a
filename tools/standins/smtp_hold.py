"""A handler for Debian's aiosmtpd that keeps mails in a Maildir (its own Mailbox handler) and can
hold the answer to one mail's data, so a test can kill the sender while that mail is in flight:
the server has the mail (it is in the Maildir), the sender has not heard the final 250.

    python3 -m aiosmtpd -n -l 127.0.0.1:PORT -c smtp_hold.HoldingMailbox MAILDIR
    (with this folder on PYTHONPATH)

Control is by files beside the Maildir, so any driver can use it:
    MAILDIR.hold       made by the driver: the next mail's answer is held (the file is taken away)
    MAILDIR.hold-quit  the same for the answer to the next QUIT (the sender has its 250)
    MAILDIR.held       made here while an answer is held: the mail's Maildir key and Message-ID,
                       one a line ("QUIT" for a QUIT); the driver deletes it to let the answer go
    MAILDIR.log        one JSON object a line per mail: key, Message-ID, whether it was held
"""

import asyncio
import json
import os
import time

from aiosmtpd.handlers import Mailbox


def _take(path):
    """Whether `path` existed (it is gone now)."""
    try:
        os.remove(path)
        return True
    except FileNotFoundError:
        return False


async def _hold(held_file, text):
    with open(held_file + ".tmp", "w", encoding="utf-8") as out:
        out.write(text)
    os.rename(held_file + ".tmp", held_file)
    while os.path.exists(held_file):
        await asyncio.sleep(0.005)


class HoldingMailbox(Mailbox):
    async def handle_QUIT(self, server, session, envelope):
        if _take(f"{self.mail_dir}.hold-quit"):
            await _hold(f"{self.mail_dir}.held", "QUIT\n")
        return "221 Bye"

    async def handle_DATA(self, server, session, envelope):
        message = self.prepare_message(session, envelope)
        key = self.mailbox.add(message)  # kept before the answer, as a relay queues it first
        held = _take(f"{self.mail_dir}.hold")
        with open(f"{self.mail_dir}.log", "a", encoding="utf-8") as log:
            log.write(json.dumps({"key": key, "message_id": message.get("Message-ID", ""), "held": held,
                                  "at": int(time.time() * 1000)}) + "\n")
        if held:
            await _hold(f"{self.mail_dir}.held", f"{key}\n{message.get('Message-ID', '')}\n")
        return "250 OK"
