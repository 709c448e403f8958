import { useEffect } from 'react';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Space, Spin, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useIdempotencyKey } from '../../api/idempotency';
import { toast } from '../../components/feedback';
import { showFieldErrors } from '../../components/resource/fieldErrors';
import { requiredOf } from '../../components/resource/formRules';
import { formatMoney } from '../../components/format/money';
import { useTranslate } from '../../i18n';
import { packagesApi, type Package, type PackageKind } from './api';
import { EnumSelect } from './EnumSelect';
import { FeatureTree } from './FeatureTree';
import { kindOfCreate, listPath } from './paths';
import { LIMITS, dailyOrders, pricePreview } from './prices';
import { currencyOfCountry } from './currencies';

type Values = Record<string, unknown> & { countries?: Record<string, unknown>[] };

const PRICE_FIELDS = ['country', 'amount', 'taxRate', 'discountedPrice'] as const;
const START: Values = {
  scene: 'ERP', packageType: 'BASIC', subscriptionMethod: 'OFFLINE', paymentPeriod: 'YEAR', priority: 0, freeDays: 0,
  monthlyOrders: 3000, storeCount: -1, subAccountCount: -1, mskuCount: -1, channels: [], featureKeys: [],
};

/** The values of a package as the edit form holds them: its one country's prices in the list of countries. */
function formValues(row: Package): Values {
  const { country, amount, taxRate, discountedPrice, ...rest } = row;
  return { ...rest, countries: [{ country, amount, taxRate, discountedPrice }] };
}

function PriceLine({ index, t }: { index: number; t: (key: string) => string }) {
  const form = Form.useFormInstance();
  const block = Form.useWatch(['countries', index], form) as Record<string, string> | undefined;
  const currency = currencyOfCountry(block?.country);
  const preview = currency ? pricePreview(block?.amount, block?.taxRate, block?.discountedPrice, currency) : undefined;
  if (!preview || !currency) return null;
  return (
    <Typography.Text type="secondary" data-testid={`price-preview-${index}`}>
      {`${t('tax')} ${formatMoney(preview.tax, currency)} · ${t('totalPrice')} ${formatMoney(preview.totalPrice, currency)} · `}
      {`${t('actualPayment')} ${formatMoney(preview.actualPayment, currency)} ${currency}`}
    </Typography.Text>
  );
}

/** Create (`create/:count`: that many countries under one name) and edit (`edit/:id`) of a package, SPEC §2, §5. */
export default function PackageFormPage() {
  const t = useTranslate(['packages', 'resource']);
  const { id, count } = useParams();
  const [query] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const once = useIdempotencyKey();
  const editing = id !== undefined;
  const record = useQuery({ queryKey: ['package', 'detail', Number(id)], queryFn: () => packagesApi.detail(Number(id)), enabled: editing });
  const kind: PackageKind = record.data?.kind ?? kindOfCreate(pathname, query);
  const packageType = Form.useWatch('packageType', form);
  const monthly = Form.useWatch('monthlyOrders', form) as number | undefined;

  useEffect(() => {
    if (record.data) form.setFieldsValue(formValues(record.data));
  }, [record.data, form]);

  const save = useMutation({
    mutationFn: async (values: Values): Promise<unknown> => {
      const { countries = [], ...common } = values;
      if (editing) return packagesApi.modify({ ...common, ...countries[0], country: undefined, id: Number(id) });
      return packagesApi.addGroup({ ...common, kind, countries }, once.key());
    },
    onSuccess: () => {
      once.renew();
      toast.success(t('resource.saved'));
      void queryClient.invalidateQueries({ queryKey: ['package'] });
      navigate(listPath(kind));
    },
    onError: (error) => showFieldErrors(form, error),
  });

  if (editing && record.isPending) return <Spin />;
  const blocks = Math.min(Math.max(Number(count) || 1, 1), 9);
  const number = (name: string, [min, max]: readonly [number, number], label: string) => (
    <Form.Item name={name} label={t(label)} rules={[...requiredOf(t(label), t), { type: 'number', min, max, message: t('between', { min, max }) }]}>
      <InputNumber precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
  const optional = (name: string, [min, max]: readonly [number, number], label: string, hint: string) => (
    <Form.Item name={name} label={t(label)} extra={t(hint)} rules={[{ type: 'number', min, max, message: t('between', { min, max }) }]}>
      <InputNumber precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <Form form={form} layout="vertical" initialValues={{ ...START, countries: Array.from({ length: blocks }, () => ({ taxRate: '0', discountedPrice: '0' })) }}
      onFinish={(values) => save.mutate(values)} data-testid="package-form">
      <Card title={t(editing ? 'editPackage' : 'newPackage')} extra={<Typography.Text type="secondary">{t(`kind.${kind}`)}</Typography.Text>}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="name" label={t('name')} extra={t('nameHint')} rules={[...requiredOf(t('name'), t), { max: LIMITS.name, message: t('maxLength', { max: LIMITS.name }) }]}>
              <Input disabled={editing} maxLength={LIMITS.name} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="displayName" label={t('displayName')} rules={requiredOf(t('displayName'), t)}>
              <Input maxLength={LIMITS.name} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}><Form.Item name="scene" label={t('scene')}><EnumSelect name="PackageScene" disabled={editing} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="packageType" label={t('packageType')}><EnumSelect name="PackageType" disabled={editing} /></Form.Item></Col>
          {packageType === 'ADDON' && (
            <Col xs={24} md={8}>
              <Form.Item name="addonMode" label={t('addonMode')} rules={requiredOf(t('addonMode'), t)}><EnumSelect name="AddonMode" /></Form.Item>
            </Col>
          )}
          {packageType === 'ADDON' && (
            <Col xs={24} md={8}>
              {/* SPEC §3 add-on quantities: the type sets how many one request buys; it stays once set */}
              <Form.Item name="addonType" label={t('addonType')} extra={t('addonTypeHint')} rules={editing ? [] : requiredOf(t('addonType'), t)}>
                <EnumSelect name="AddonType" disabled={Boolean(record.data?.addonType)} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={8}>
            <Form.Item name="planName" label={t('planName')} extra={kind === 'ERP' && packageType === 'BASIC' ? t('planHint') : undefined}>
              <EnumSelect name="PlanName" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}><Form.Item name="subscriptionMethod" label={t('subscriptionMethod')}><EnumSelect name="SubscriptionMethod" /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="paymentPeriod" label={t('paymentPeriod')} rules={requiredOf(t('paymentPeriod'), t)}><EnumSelect name="PaymentPeriod" /></Form.Item></Col>
          <Col xs={24} md={8}>{number('priority', [0, 9999], 'priority')}</Col>
        </Row>
      </Card>
      <Card title={t('prices')} style={{ marginTop: 16 }}>
        <Form.List name="countries">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field) => (
                <div key={field.key} data-testid={`country-${field.name}`}>
                  <Row gutter={16} align="top">
                    <Col xs={24} md={5}>
                      <Form.Item name={[field.name, 'country']} label={t('country')} rules={requiredOf(t('country'), t)}>
                        <EnumSelect name="Country" disabled={editing} />
                      </Form.Item>
                    </Col>
                    {PRICE_FIELDS.slice(1).map((name) => (
                      <Col xs={24} md={5} key={name}>
                        <Form.Item name={[field.name, name]} label={t(name)} rules={name === 'amount' ? requiredOf(t(name), t) : []}>
                          <InputNumber stringMode min="0" style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                    ))}
                    {!editing && fields.length > 1 && (
                      <Col xs={24} md={4} style={{ paddingTop: 30 }}>
                        <Button icon={<MinusCircleOutlined aria-hidden />} onClick={() => remove(field.name)}>{t('removeCountry')}</Button>
                      </Col>
                    )}
                  </Row>
                  <PriceLine index={field.name} t={t} />
                </div>
              ))}
              {!editing && <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ taxRate: '0', discountedPrice: '0' })} style={{ alignSelf: 'start' }}>{t('addCountry')}</Button>}
            </Flex>
          )}
        </Form.List>
      </Card>
      <Card title={t('limits')} style={{ marginTop: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={6}>{number('freeDays', LIMITS.freeDays, 'freeDays')}</Col>
          <Col xs={24} md={6}>
            {number('monthlyOrders', LIMITS.monthlyOrders, 'monthlyOrders')}
            <Typography.Text type="secondary">{`${t('dailyOrders')}: ${dailyOrders(monthly) ?? ''}`}</Typography.Text>
          </Col>
          <Col xs={24} md={6}>{number('storeCount', LIMITS.storeCount, 'storeCount')}</Col>
          <Col xs={24} md={6}>{number('subAccountCount', LIMITS.subAccountCount, 'subAccountCount')}</Col>
          <Col xs={24} md={6}>{number('mskuCount', LIMITS.mskuCount, 'mskuCount')}</Col>
          {/* SPEC §3 ERP package: reminder orders, intercepted orders and the effect after interception */}
          <Col xs={24} md={6}>{optional('reminderOrders', LIMITS.reminderOrders, 'reminderOrders', 'reminderOrdersHint')}</Col>
          <Col xs={24} md={6}>{optional('interceptedOrders', LIMITS.interceptedOrders, 'interceptedOrders', 'interceptedOrdersHint')}</Col>
          <Col xs={24} md={12}>
            <Form.Item name="effectAfterInterception" label={t('effectAfterInterception')} extra={t('effectAfterInterceptionHint')}
              rules={[{ max: LIMITS.effectAfterInterception, message: t('maxLength', { max: LIMITS.effectAfterInterception }) }]}>
              <Input maxLength={LIMITS.effectAfterInterception} />
            </Form.Item>
          </Col>
          <Col xs={24} md={18}><Form.Item name="channels" label={t('channels')}><EnumSelect name="Channel" mode="multiple" /></Form.Item></Col>
          <Col span={24}><Typography.Text type="secondary">{t('unlimitedHint')}</Typography.Text></Col>
          <Col span={24}><Form.Item name="pricingCopy" label={t('pricingCopy')}><Input.TextArea rows={2} maxLength={4000} /></Form.Item></Col>
        </Row>
      </Card>
      <Card title={t('permissions')} style={{ marginTop: 16 }}>
        <Form.Item name="featureKeys" extra={t('permissionsHint')}><FeatureTree /></Form.Item>
      </Card>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>{t('resource.save')}</Button>
        <Button onClick={() => navigate(listPath(kind))}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
