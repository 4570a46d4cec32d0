import { Label as Primitive } from "radix-ui";
import { styled } from "./styled";

/** A form label (Radix keeps double-click from selecting the text). Tie it to its control with htmlFor. */
export const Label = styled(
  Primitive.Root,
  "label",
  "text-sm leading-snug font-medium text-slate-800 select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
);
