import type { checkSessionApi, forgotPasswordApi, loginApi, resetPasswordApi } from "../../shared/staff/api";
import type { Route } from "../../shared/api/route";

/** The endpoints the sign-in form and its password reset call, handed in by the page. */
export interface LoginRoutes {
  checkSession: Route<typeof checkSessionApi>;
  login: Route<typeof loginApi>;
  forgotPassword: Route<typeof forgotPasswordApi>;
  resetPassword: Route<typeof resetPasswordApi>;
}
