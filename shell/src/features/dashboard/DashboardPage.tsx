import { Link } from 'react-router-dom';
import { Card, Col, Row, Typography } from 'antd';
import { PlusCircleOutlined, TagsOutlined } from '@ant-design/icons';
import DashboardReport from './DashboardReport';

const TILES = [
  { to: '/admin/management/product-deals', title: 'Deals and Promo Codes', text: 'Browse, edit and remove deals.', icon: <TagsOutlined /> },
  { to: '/admin/management/product-deal/create', title: 'Create New Deal', text: 'Add a new deal or promo code.', icon: <PlusCircleOutlined /> },
];

/** The dashboard: the spec's two tiles, then the report of the staff member's (or every) deal. */
export default function DashboardPage() {
  return (
    <>
      <Typography.Title level={2}>Dashboard</Typography.Title>
      <Row gutter={[24, 24]}>
        {TILES.map((tile) => (
          <Col key={tile.to} xs={24} md={12}>
            <Link to={tile.to}>
              <Card hoverable>
                <Card.Meta avatar={<span style={{ fontSize: 32, color: '#213c63' }}>{tile.icon}</span>} title={tile.title} description={tile.text} />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <DashboardReport />
    </>
  );
}
