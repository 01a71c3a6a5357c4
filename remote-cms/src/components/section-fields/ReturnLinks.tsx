import { Link } from 'react-router-dom';
import { Flex } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { originPath, originReturnLabel, type Origin } from './origin';
import { SECTIONS_LIST_PATH } from './paths';

/** A content section's or banner's header links: back to the page or blog it came from (when it did) and to the list. */
export function ReturnLinks({ origin }: { origin: Origin | null }) {
  return (
    <Flex gap={16} wrap>
      {origin && (
        <Link to={originPath(origin)}>
          <ArrowLeftOutlined /> {originReturnLabel(origin)}
        </Link>
      )}
      <Link to={SECTIONS_LIST_PATH}>
        <ArrowLeftOutlined /> Return to Listing
      </Link>
    </Flex>
  );
}
