// The words the screens use for the API's enums.
import { BankSize, Edition, Title } from "@gen/mailrun/v1/game_config_pb";
import { TableStatus } from "@gen/mailrun/v1/lobby_pb";

export function titleName(title: Title): string {
  return title === Title.TITLE_1947 ? "1947" : "1853";
}

export function editionName(title: Title, edition: Edition): string {
  if (title === Title.TITLE_1947) return "";
  return edition === Edition.LOOKOUT_2009 ? "2009 edition" : "Retuned";
}

export const bankNames: [BankSize, string][] = [
  [BankSize.BANK_SIZE_UNSPECIFIED, "full bank (the edition's default)"],
  [BankSize.BANK_STANDARD, "standard game (2.4.2)"],
  [BankSize.BANK_SHORT, "short game (2.4.2)"],
  [BankSize.BANK_LONGER, "longer game (2.4.3)"],
];

export function statusName(status: TableStatus): string {
  return ({
    [TableStatus.OPEN]: "waiting for players", [TableStatus.STARTING]: "starting",
    [TableStatus.PLAYING]: "playing", [TableStatus.FINISHED]: "finished",
    [TableStatus.CLOSED]: "closed", [TableStatus.VOID]: "cancelled",
  } as Record<number, string>)[status] ?? "";
}
