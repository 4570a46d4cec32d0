import { DropdownMenu as Primitive } from "radix-ui";
import type * as React from "react";
// biome-ignore lint/style/noRestrictedImports: React's string renderer (react-dom/server), not our server.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { styled } from "./styled";

/** A child that sets its own classes and then spreads what it is given, as the header's menu buttons do. */
function OwnClasses(props: React.ComponentProps<"button">) {
  return <button type="button" className="own-classes" {...props} />;
}

describe("styled()", () => {
  it("puts our classes first and the caller's after, and names the part", () => {
    const Box = styled("div", "box", "p-4");
    expect(renderToStaticMarkup(<Box className="mt-2">x</Box>)).toBe(
      '<div data-slot="box" class="p-4 mt-2">x</div>',
    );
  });

  it("hands an asChild child no className when there is none, so the child keeps its own classes", () => {
    const Trigger = styled(Primitive.Trigger, "trigger");
    const html = renderToStaticMarkup(
      <Primitive.Root>
        <Trigger asChild>
          <OwnClasses>Olivia</OwnClasses>
        </Trigger>
      </Primitive.Root>,
    );
    expect(html).toContain('class="own-classes"');
  });

  it("keeps fixed content inside the part", () => {
    const Tick = styled("span", "tick", "", <b>✓</b>);
    expect(renderToStaticMarkup(<Tick />)).toBe('<span data-slot="tick"><b>✓</b></span>');
  });
});
