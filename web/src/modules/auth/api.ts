import { api, type Body, type Data } from '../../api/client';

export type LoginForm = Body<'/cms/auth/login', 'post'>;
export type LoginResult = Data<'/cms/auth/login', 'post'>;

/** POST /cms/auth/login; a wrong password comes back as an envelope error the client shows. */
export function login(form: LoginForm): Promise<LoginResult> {
  return api.post('/cms/auth/login', { body: form });
}
