// How a registered device reads in the Settings screen: its kind in words and where it delivers
// (the service lists only a host, never a URL, token or key).
import { Platform, WebhookShape, type RegisteredDevice } from "@gen/mailrun/v1/notification_pb";

export function deviceKind(device: RegisteredDevice): string {
  switch (device.platform) {
    case Platform.APNS: return "iPhone or iPad";
    case Platform.FCM: return "Android phone";
    case Platform.WEB_PUSH: return "Browser";
    case Platform.WEBHOOK:
      return device.webhookShape === WebhookShape.DISCORD ? "Discord" : device.webhookShape === WebhookShape.SLACK ? "Slack" : "JSON webhook";
    default: return "Device";
  }
}

export function addedOn(device: RegisteredDevice): string {
  return new Date(Number(device.registeredAtUnixMs)).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
}
