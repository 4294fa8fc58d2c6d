/** /not-allow: where a user denied by a route rule lands. */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../layout/PublicLayout';

export default function NotAllowPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <Result
        className="not-allow"
        status="403"
        title={t('shell.notAllow.title')}
        subTitle={t('shell.notAllow.description')}
        extra={[
          <Button key="home" type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('shell.notAllow.home')}
          </Button>,
          <Button key="back" onClick={() => navigate(-1)}>
            {t('shell.notAllow.back')}
          </Button>,
        ]}
      />
    </PublicLayout>
  );
}
