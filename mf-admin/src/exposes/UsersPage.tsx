import { UsersPage } from '../features/users/users-page';

/** /users */
export default UsersPage;
