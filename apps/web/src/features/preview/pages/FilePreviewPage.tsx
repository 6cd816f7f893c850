import { DownlandOutline } from 'antd-mobile-icons';
import { PageNavBar } from '../../../components/PageNavBar';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/translations';
import { usePreview } from '../api';
import { PreviewView } from '../components/PreviewView';

/**
 * /filePreview?id=&courseId=&courseRole=: one file opened in the browser as page images (issue 12),
 * from a material, a homework or a submission; the server checks that the caller may read it.
 */
export default function FilePreviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  // the same query as the view's: the title and the download come with it
  const preview = usePreview(valid ? id : 0);
  const p = preview.data;
  return (
    <div className="page pv-page-screen" data-testid="file-preview-page">
      <PageNavBar
        title={p?.name ?? t('filePreview.title')}
        right={
          p?.download ? (
            <a
              className="pv-nav-download"
              href={p.download}
              download={p.name}
              aria-label={t('filePreview.download')}
              data-testid="preview-nav-download"
            >
              <DownlandOutline />
            </a>
          ) : null
        }
      />
      {valid ? <PreviewView id={id} /> : <p className="pv-state">{t('filePreview.noFile')}</p>}
    </div>
  );
}
