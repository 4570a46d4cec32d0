import { describe, expect, it } from "vitest";
import { customerCalled, showsContactLinks, withheldContactText, withheldPhotoText } from "./contact-text";

describe("a landscaper's job card without the customer's details", () => {
  it("says when an open request's and an unapproved offer's details appear, and nothing once they are sent", () => {
    expect(withheldContactText({ contactHidden: true, status: "pending" })).toBe(
      "Exact address, contact details and any notes show once the customer approves your offer",
    );
    expect(withheldContactText({ contactHidden: true, status: "accepted" })).toBe(
      "Contact details and any notes appear once the customer approves your offer.",
    );
    expect(withheldContactText({ status: "scheduled" })).toBeNull();
  });

  it("shows the phone and email only on the landscaper's own job with its details sent", () => {
    expect(showsContactLinks({ contactHidden: true, status: "accepted" })).toBe(false);
    expect(showsContactLinks({ status: "accepted" })).toBe(true);
    expect(showsContactLinks({ status: "scheduled" })).toBe(true);
    expect(showsContactLinks({ status: "cancelled" })).toBe(false);
    expect(showsContactLinks({ contactHidden: true, status: "pending" })).toBe(false);
  });

  it("names the customer, or says 'the customer' while the name is withheld", () => {
    expect(customerCalled({ customerName: "Priya Private" })).toBe("Priya Private");
    expect(customerCalled({ customerName: "" })).toBe("the customer");
  });

  it("says when the customer's photo can be seen while it is withheld", () => {
    expect(withheldPhotoText({ hasPhoto: true, contactHidden: true, status: "pending" })).toBe(
      "Photo included (visible once the customer approves your offer)",
    );
    expect(withheldPhotoText({ hasPhoto: true, contactHidden: true, status: "accepted" })).toBe(
      "Photo included (visible once the customer approves your offer)",
    );
    expect(withheldPhotoText({ hasPhoto: true, status: "scheduled" })).toBeNull();
    expect(withheldPhotoText({ hasPhoto: false, contactHidden: true, status: "pending" })).toBeNull();
  });
});
