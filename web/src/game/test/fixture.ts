// A few of 1853's components as GetComponents serves them (tiles 1, 4, 9, 14, 77, 104, 106 and
// Delhi's preprinted tile; hexes around Delhi), read with the generated schema.
import { fromJson } from "@bufbuild/protobuf";
import { ComponentsSchema } from "@gen/mailrun/v1/components_pb";

import type { Components, TileDesign } from "../api";
import json from "./fixtures/components.json";

export const components: Components = fromJson(ComponentsSchema, json as never);

export function tile(id: string): TileDesign {
  const found = components.tiles.find((t) => t.id === id);
  if (!found) throw new Error(`no tile ${id} in the fixture`);
  return found;
}
