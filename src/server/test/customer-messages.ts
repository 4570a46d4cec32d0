/**
 * What client onboarding answers for each empty field, in form order, worded as the spec words it (spec 01
 * section 5). The server and browser tests both expect exactly these.
 */
export const onboardingRequiredMessages = {
  fullName: "Full name is required",
  streetAddress: "Street address is required",
  city: "City is required",
  state: "State is required",
  zipCode: "ZIP code is required",
  phoneNumber: "Phone number is required",
};
