import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { reopenPage } from '../layout/tabs/tabsStore';

/** `/redirect/<path>`: drops the kept state of `<path>` and opens it again, replacing this entry. */
export default function RedirectPage() {
  const navigate = useNavigate();
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  useEffect(() => {
    const pathname = `/${rest}`;
    reopenPage(pathname);
    navigate(`${pathname}${search}${hash}`, { replace: true });
  }, [navigate, rest, search, hash]);
  return <PageLoading />;
}
