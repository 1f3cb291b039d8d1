import { installFakeFoundry } from "./install";

installFakeFoundry();
