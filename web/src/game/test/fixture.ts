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

// A few of 1947's components in GetComponents' shape (layout turned; hexes around Bombay and the
// Assam Bengal Railway's first operating turn in or-1947.json; tiles 7, 9 and 57M in the grid's
// edge numbering), written by hand from components.proto and engine/titles/t1947/data.
import json1947 from "./fixtures/components-1947.json";

export const components1947: Components = fromJson(ComponentsSchema, json1947 as never);
