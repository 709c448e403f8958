import { http } from '../../api/http';

export interface LoginForm {
  username: string;
  password: string;
  rememberMe: boolean;
}

export interface LoginResult {
  token: string;
}

/** POST /cms/auth/login; a wrong password comes back as an envelope error the client shows. */
export function login(form: LoginForm): Promise<LoginResult> {
  return http.post<LoginResult>('auth/login', form);
}
