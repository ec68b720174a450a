// The kinds of notification a player chooses channels for, in the order and words the Settings
// screen shows them, and the channels as the notification service models them (Preferences:
// muted_kinds for push, email_muted_kinds, webhook_muted_kinds; the in-app inbox gets everything).
import { EventKind, type Preferences } from "@gen/mailrun/v1/notification_pb";

export const kinds: { kind: EventKind; label: string }[] = [
  { kind: EventKind.YOUR_TURN, label: "Your turn" },
  { kind: EventKind.REMINDER, label: "Reminders" },
  { kind: EventKind.GAME_FINISHED, label: "Game end" },
  { kind: EventKind.INVITATION_RECEIVED, label: "Invitations" },
  { kind: EventKind.CHAT_MENTION, label: "Chat mentions" },
];

export type Channel = "push" | "email" | "webhook";
export const channels: { channel: Channel; label: string; field: "mutedKinds" | "emailMutedKinds" | "webhookMutedKinds" }[] = [
  { channel: "push", label: "Push", field: "mutedKinds" },
  { channel: "email", label: "Email", field: "emailMutedKinds" },
  { channel: "webhook", label: "Webhook", field: "webhookMutedKinds" },
];

export function isOn(preferences: Preferences, field: (typeof channels)[number]["field"], kind: EventKind): boolean {
  return !preferences[field].includes(kind);
}
