// What other features may use of customers (the linter forbids reaching past this file).
export { useCustomerProfile } from "./api/customer-profile";
