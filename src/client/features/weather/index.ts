// What other features may use of weather (the linter forbids reaching past this file).

export { RainDay } from "./components/rain-day";
