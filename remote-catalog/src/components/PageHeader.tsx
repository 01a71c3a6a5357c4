import { useEffect, type ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** A screen's heading (and the tab's title), with its main buttons on the right. */
export function PageHeader({ title, extra, children }: { title: string; extra?: ReactNode; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Back office`;
  }, [title]);
  return (
    <Flex className="catalog-page-header" justify="space-between" align="center" wrap gap={12}>
      <div>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </div>
      {extra && (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      )}
    </Flex>
  );
}
